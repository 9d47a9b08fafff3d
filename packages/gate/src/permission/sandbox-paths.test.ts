import { describe, expect, it } from 'vitest';
import { sandboxPathsFromPermissions } from './sandbox-paths.js';

describe('sandboxPathsFromPermissions (SB-2)', () => {
  const cases: ReadonlyArray<
    [label: string, permissions: Parameters<typeof sandboxPathsFromPermissions>[0], expected: object]
  > = [
    ['no rules: the sandbox default (the workspace)', undefined, { readOnly: [], readDenied: [] }],
    ['rules without Write or Edit', { allow: ['Bash(git:*)', 'Read'] }, { readOnly: [], readDenied: [] }],
    [
      'Write and Edit allow rules: their literal folders',
      { allow: ['Write(/work/**)', 'Edit(/work/src/*.ts)', 'Write(/data/out/report.txt)', 'Edit(/srv/*/logs/**)'] },
      { writable: ['/work', '/work/src', '/data/out/report.txt', '/srv'], readOnly: [], readDenied: [] },
    ],
    ['a bare Write allow: everything', { allow: ['Write'] }, { writable: ['/'], readOnly: [], readDenied: [] }],
    ['Write(/**): everything', { allow: ['Write(/**)'] }, { writable: ['/'], readOnly: [], readDenied: [] }],
    [
      'deny and ask Write/Edit rules: read-only, globs kept, a trailing /** names the folder itself',
      { allow: ['Write(/work/**)'], deny: ['Write(/work/vendor/**)'], ask: ['Edit(/work/**/*.lock)'] },
      { writable: ['/work'], readOnly: ['/work/vendor', '/work/**/*.lock'], readDenied: [] },
    ],
    [
      'a bare Write deny: nothing writable, whatever the allow rules say',
      { allow: ['Write(/work/**)'], deny: ['Write'] },
      { writable: [], readOnly: [], readDenied: [] },
    ],
    [
      'Read deny rules: read-denied; a bare Read deny is left to the Read tool',
      { deny: ['Read(/secrets/**)', 'Read(/work/**/*.key)', 'Read'] },
      { readOnly: [], readDenied: ['/secrets', '/work/**/*.key'] },
    ],
    [
      'rules that do not parse add nothing',
      { allow: ['Write(', 'Edit()', 42 as unknown as string], deny: ['Read(/a/**'] },
      { readOnly: [], readDenied: [] },
    ],
    [
      'duplicates once',
      { allow: ['Write(/work/**)', 'Edit(/work/**)'] },
      { writable: ['/work'], readOnly: [], readDenied: [] },
    ],
  ];
  for (const [label, permissions, expected] of cases) {
    it(`SB-2: ${label}`, () => {
      expect(sandboxPathsFromPermissions(permissions)).toEqual(expected);
    });
  }
});
