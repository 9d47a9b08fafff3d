import { describe, expect, it } from 'vitest';
import { findSecretRule, isSecretPath } from './secret-paths.js';

describe('secret paths', () => {
  it('BT-3: environment files, private keys, key stores and credential stores are secret, by name', () => {
    const secret = [
      ['/app/.env', '.env'],
      ['/app/.env.local', '.env.*'],
      ['/app/.env.production', '.env.*'],
      ['/app/config/prod.env', '*.env'],
      ['/app/.envrc', '.envrc'],
      ['/home/u/.ssh/id_rsa', 'id_rsa*'],
      ['/keys/id_ed25519_work', 'id_ed25519*'],
      ['/home/u/.ssh/github', '.ssh/**'],
      ['/certs/server.pem', '*.pem'],
      ['/certs/tls.key', '*.key'],
      ['/certs/store.p12', '*.p12'],
      ['/home/u/.aws/credentials', '.aws/credentials'],
      ['/home/u/.config/gcloud/application_default_credentials.json', '.config/gcloud/**'],
      ['/home/u/.kube/config', '.kube/config'],
      ['/home/u/.docker/config.json', '.docker/config.json'],
      ['/repo/.npmrc', '.npmrc'],
      ['/home/u/.pypirc', '.pypirc'],
      ['/home/u/.netrc', '.netrc'],
      ['/home/u/.git-credentials', '.git-credentials'],
      ['/infra/terraform.tfstate', '*.tfstate'],
      ['/APP/.ENV', '.env'],
    ] as const;
    expect(secret.map(([path]) => findSecretRule(path)?.pattern)).toEqual(secret.map(([, pattern]) => pattern));
  });

  it('BT-3: templates and public keys are not secret, nor names that merely contain a secret word', () => {
    const plain = [
      '/app/.env.example',
      '/app/.env.sample',
      '/app/.env.template',
      '/home/u/.ssh/id_rsa.pub',
      '/home/u/.aws/config',
      '/app/src/environment.ts',
      '/app/keys.md',
      '/app/.envoy/config.yaml',
      '/app/monkey.ts',
    ];
    expect(plain.filter(isSecretPath)).toEqual([]);
  });
});
