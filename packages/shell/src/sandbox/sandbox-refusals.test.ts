import { describe, expect, it } from 'vitest';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';
import { MAX_SANDBOX_REFUSALS, sandboxRefusals } from './sandbox-refusals.js';

const policy: ResolvedSandboxPolicy = {
  cwd: '/work',
  writable: ['/work'],
  protected: ['/work/.git/hooks', '/work/.git/config'],
  readDenied: [
    { path: '/work/.env', folder: false, why: 'a secret (an environment file)' },
    { path: '/home/u/.ssh', folder: true, why: 'a secret (a private key)' },
  ],
  allowedDomains: [],
  allowUnixSockets: false,
};

describe('sandboxRefusals (SB-5)', () => {
  const cases: ReadonlyArray<[label: string, stderr: string, expected: string[]]> = [
    [
      'bash’s redirection',
      'bash: line 1: /etc/x: Read-only file system\n',
      ['/etc/x is read-only; writable: /work, /tmp'],
    ],
    [
      'sh’s redirection',
      'sh: 1: cannot create /etc/x: Read-only file system\n',
      ['/etc/x is read-only; writable: /work, /tmp'],
    ],
    [
      'touch (quoted)',
      "touch: cannot touch '/usr/y': Read-only file system\n",
      ['/usr/y is read-only; writable: /work, /tmp'],
    ],
    [
      'mkdir (curly quotes)',
      'mkdir: cannot create directory ‘/opt/z’: Read-only file system\n',
      ['/opt/z is read-only; writable: /work, /tmp'],
    ],
    [
      'node (EROFS)',
      "Error: EROFS: read-only file system, open '/etc/n'\n",
      ['/etc/n is read-only; writable: /work, /tmp'],
    ],
    [
      'python (errno 30)',
      "OSError: [Errno 30] Read-only file system: '/etc/p'\n",
      ['/etc/p is read-only; writable: /work, /tmp'],
    ],
    [
      'a relative path, against the working directory',
      'bash: line 1: ../up: Read-only file system\n',
      ['/up is read-only; writable: /work, /tmp'],
    ],
    [
      'no path said',
      'cp: error writing: Read-only file system\n',
      ['the file system is read-only outside the writable paths; writable: /work, /tmp'],
    ],
    [
      'a protected path inside the workspace',
      'bash: line 1: .git/hooks/pre-commit: Read-only file system\n',
      [
        '/work/.git/hooks/pre-commit stays read-only inside the workspace (git hooks, git config and login scripts run code outside the sandbox)',
      ],
    ],
    ['a hidden file', 'cat: .env: Permission denied\n', ['/work/.env is unreadable: a secret (an environment file)']],
    [
      'inside a hidden folder',
      "ls: cannot open directory '/home/u/.ssh': Permission denied\n",
      ['/home/u/.ssh is unreadable: a secret (a private key)'],
    ],
    ['a permission the file itself refuses says nothing', 'cat: /etc/shadow: Permission denied\n', []],
    [
      'curl without DNS',
      'curl: (6) Could not resolve host: example.com\n',
      ['the network is off: no host can be reached from here'],
    ],
    [
      'an unreachable network',
      'bash: connect: Network is unreachable\n',
      ['the network is off: no host can be reached from here'],
    ],
    [
      'node without DNS',
      'Error: getaddrinfo EAI_AGAIN registry.npmjs.org\n',
      ['the network is off: no host can be reached from here'],
    ],
    ['ordinary errors say nothing', 'grep: x: No such file or directory\nerror: 3 tests failed\n', []],
    [
      'each sentence once',
      'bash: line 1: /etc/x: Read-only file system\nbash: line 2: /etc/x: Read-only file system\n',
      ['/etc/x is read-only; writable: /work, /tmp'],
    ],
  ];
  for (const [label, stderr, expected] of cases) {
    it(`SB-5: ${label}`, () => {
      expect(sandboxRefusals(stderr, policy)).toEqual(expected);
    });
  }

  it('SB-5: with allowed domains, a failed name says which domains are reached', () => {
    expect(
      sandboxRefusals('curl: (6) Could not resolve host: x\n', {
        ...policy,
        allowedDomains: ['a.example', '*.b.example'],
      }),
    ).toEqual(["only these domains are reached, through the sandbox's proxy: a.example, *.b.example"]);
  });

  it(`SB-5: at most ${MAX_SANDBOX_REFUSALS} refusals are named`, () => {
    const stderr = Array.from({ length: 20 }, (_, index) => `bash: line 1: /etc/f${index}: Read-only file system`).join(
      '\n',
    );
    expect(sandboxRefusals(stderr, policy)).toHaveLength(MAX_SANDBOX_REFUSALS);
  });
});
