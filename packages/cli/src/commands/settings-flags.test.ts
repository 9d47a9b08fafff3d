// RU-3 in the CLI: `--settings` files read once, their rules joined with the rule flags and with
// each other, their warnings on stderr, and their sandbox block feeding the sandbox of the builtin
// Bash tools where it maps.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../io/cli-io.js';
import { permissionsFrom, settingsFrom, type GateFlagValues } from './gate-flags.js';
import { sandboxFor } from './sandbox-for.js';

const folder = realpathSync(mkdtempSync(join(tmpdir(), 'tw-settings-flags-')));
const project = join(folder, 'shop');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

mkdirSync(join(project, '.claude'), { recursive: true });
writeFileSync(
  join(project, '.claude/settings.json'),
  JSON.stringify({
    permissions: { allow: ['Bash(npm test)', 'Edit(/src/**)'], deny: ['Bash(git push:*)'], defaultMode: 'plan' },
    sandbox: {
      failIfUnavailable: true,
      network: { allowedDomains: ['registry.npmjs.org'] },
      filesystem: { allowWrite: ['//var/cache/build'], denyRead: ['/private'], denyWrite: ['/src/vendor'] },
    },
  }),
);
writeFileSync(
  join(project, '.claude/settings.local.json'),
  JSON.stringify({
    permissions: { allow: ['Bash(git status)'], ask: ['Bash(npm publish:*)'] },
    sandbox: { network: { allowAllUnixSockets: true, allowedDomains: ['*.github.com'] } },
  }),
);

/** A CliIo in the project folder that keeps what was written to stderr. */
function io(): CliIo & { readonly errors: string[] } {
  const errors: string[] = [];
  return { cwd: project, errors, stdout: () => undefined, stderr: (text) => void errors.push(text) };
}

const flags = (extra: Partial<GateFlagValues & { sandbox: string }> = {}) => ({
  'allow-write': false,
  'allow-bash': true,
  'schema-mode': 'ENFORCE',
  sandbox: 'auto',
  ...extra,
});

describe('--settings (SPEC RU-3)', () => {
  it('RU-3: the files are read in order, their lists joined before the rule flags, each warning named by its file', () => {
    const terminal = io();
    const values = flags({
      settings: ['.claude/settings.json', '.claude/settings.local.json'],
      allow: ['Bash(ls)'],
      deny: ['Bash(rm:*)'],
    });
    const settings = settingsFrom(values, terminal, project);
    expect(permissionsFrom(values, settings)).toEqual({
      allow: ['Bash(npm test)', `Edit(/${project}/src/**)`, 'Bash(git status)', 'Bash(ls)'],
      deny: ['Bash(git push:*)', 'Bash(rm:*)'],
      ask: ['Bash(npm publish:*)'],
    });
    expect(terminal.errors).toEqual([
      'toolwright: .claude/settings.json: permissions.defaultMode "plan" is not followed: the gate has no permission modes, and a call runs only when a rule allows it.\n',
    ]);
    // Without the flag nothing is read, and without any rule the gate's default confinement applies.
    expect(settingsFrom(flags(), terminal, project)).toBeUndefined();
    expect(permissionsFrom(flags(), undefined)).toBeUndefined();
  });

  it('RU-3: a sandbox block adds its folders, paths and domains, and failIfUnavailable makes auto required', () => {
    const values = flags({ settings: ['.claude/settings.json', '.claude/settings.local.json'] });
    const settings = settingsFrom(values, io(), project);
    expect(sandboxFor(values, 'builtin', false, project, settings)).toEqual({
      writable: [join(project, 'src'), '/var/cache/build'],
      readOnly: [join(project, 'src/vendor')],
      readDenied: [join(project, 'private')],
      network: { allowedDomains: ['registry.npmjs.org', '*.github.com'] },
      allowUnixSockets: true,
      required: true,
    });
    // --sandbox off is the user's own word; with --shell only failIfUnavailable applies; a plugin has no builtin Bash.
    expect(sandboxFor({ ...values, sandbox: 'off' }, 'builtin', false, project, settings)).toBe('off');
    expect(sandboxFor(values, 'builtin', true, project, settings)).toBe('required');
    expect(sandboxFor(values, 'plugin.js', false, project, settings)).toMatchObject({
      writable: [join(project, 'src')],
      network: 'none',
      required: false,
    });
  });

  it('RU-3: a file that cannot be used, or a domain the sandbox cannot take, is an error naming it', () => {
    writeFileSync(join(project, 'broken.json'), '{"permissions": {"allow": "Bash"}}');
    writeFileSync(join(project, 'domain.json'), '{"sandbox": {"network": {"allowedDomains": ["https://x.com"]}}}');
    expect(() => settingsFrom(flags({ settings: ['broken.json'] }), io(), project)).toThrow(
      `The Claude Code settings file ${join(project, 'broken.json')} cannot be used: permissions.allow must be a list of strings, not a string.`,
    );
    expect(() => settingsFrom(flags({ settings: [''] }), io(), project)).toThrow('--settings takes a file');
    const values = flags({ settings: ['domain.json'] });
    expect(() => sandboxFor(values, 'builtin', false, project, settingsFrom(values, io(), project))).toThrow(
      /^sandbox\.network\.allowedDomains of --settings: /,
    );
  });
});
