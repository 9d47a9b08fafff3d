import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { sandboxPathsFromPermissions } from './sandbox-paths.js';

describe('sandboxPathsFromPermissions (SB-2)', () => {
  const cases: ReadonlyArray<
    [label: string, permissions: Parameters<typeof sandboxPathsFromPermissions>[0], expected: object]
  > = [
    ['no rules: the sandbox default (the workspace)', undefined, { readOnly: [], readDenied: [], allowedDomains: [] }],
    [
      'rules without Write or Edit',
      { allow: ['Bash(git:*)', 'Read'] },
      { readOnly: [], readDenied: [], allowedDomains: [] },
    ],
    [
      'Write and Edit allow rules: their literal folders',
      { allow: ['Write(/work/**)', 'Edit(/work/src/*.ts)', 'Write(/data/out/report.txt)', 'Edit(/srv/*/logs/**)'] },
      {
        writable: ['/work', '/work/src', '/data/out/report.txt', '/srv'],
        readOnly: [],
        readDenied: [],
        allowedDomains: [],
      },
    ],
    [
      'a bare Write allow: everything',
      { allow: ['Write'] },
      { writable: ['/'], readOnly: [], readDenied: [], allowedDomains: [] },
    ],
    [
      'Write(/**): everything',
      { allow: ['Write(/**)'] },
      { writable: ['/'], readOnly: [], readDenied: [], allowedDomains: [] },
    ],
    [
      'deny and ask Write/Edit rules: read-only, globs kept, a trailing /** names the folder itself',
      { allow: ['Write(/work/**)'], deny: ['Write(/work/vendor/**)'], ask: ['Edit(/work/**/*.lock)'] },
      { writable: ['/work'], readOnly: ['/work/vendor', '/work/**/*.lock'], readDenied: [], allowedDomains: [] },
    ],
    [
      'a bare Write deny: nothing writable, whatever the allow rules say',
      { allow: ['Write(/work/**)'], deny: ['Write'] },
      { writable: [], readOnly: [], readDenied: [], allowedDomains: [] },
    ],
    [
      'Read deny rules: read-denied; a bare Read deny is left to the Read tool',
      { deny: ['Read(/secrets/**)', 'Read(/work/**/*.key)', 'Read'] },
      { readOnly: [], readDenied: ['/secrets', '/work/**/*.key'], allowedDomains: [] },
    ],
    [
      'rules that do not parse add nothing',
      { allow: ['Write(', 'Edit()', 42 as unknown as string], deny: ['Read(/a/**'] },
      { readOnly: [], readDenied: [], allowedDomains: [] },
    ],
    [
      'duplicates once',
      { allow: ['Write(/work/**)', 'Edit(/work/**)'] },
      { writable: ['/work'], readOnly: [], readDenied: [], allowedDomains: [] },
    ],
    [
      'relative forms (RU-1): against the working directory and the home folder',
      {
        allow: ['Write(./out/**)', 'Edit(docs/api/)'],
        deny: ['Edit(*.lock)', 'Read(~/.ssh/**)', 'Read(//etc/shadow)'],
      },
      {
        writable: ['/work/out', '/work/docs/api'],
        readOnly: ['/work/**/*.lock'],
        readDenied: [`${homedir()}/.ssh`, '/etc/shadow'],
        allowedDomains: [],
      },
    ],
    [
      'domain: allow rules (RU-1, SB-3): the network allow-list, less the domains a deny rule names',
      {
        allow: ['WebFetch(domain:Example.com)', 'WebFetch(domain:*.npmjs.org)', 'WebFetch(domain:evil.example)'],
        deny: ['WebFetch(domain:evil.example)'],
      },
      { readOnly: [], readDenied: [], allowedDomains: ['example.com', '*.npmjs.org'] },
    ],
  ];
  for (const [label, permissions, expected] of cases) {
    it(`SB-2: ${label}`, () => {
      expect(sandboxPathsFromPermissions(permissions, '/work')).toEqual(expected);
    });
  }
});
