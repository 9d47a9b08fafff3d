import { expect, it } from 'vitest';
import { CASE_TIMEOUT_MS, run, type CaseContext } from './case-context.js';

// Each check prints `ok <name>` or `failed <name>: <error>`. A hard link or a rename fails with
// EXDEV ("Invalid cross-device link") when the working directory and the absolute paths resolve on
// different mounts — a containment that put them in two mount namespaces. `mv` would hide that by
// copying, so a rename is checked by the inode it keeps.
const CHECK = `check() { local name=$1; shift; if out=$("$@" 2>&1); then echo "ok $name"; else echo "failed $name: $out"; fi; }`;
const SAME_INODE = `same() { [ "$(stat -c %i "$1")" = "$(stat -c %i "$2")" ] || { echo "$1 and $2 differ"; return 1; }; }`;
const RENAMED = `renamed() { local before; before=$(stat -c %i "$1") && mv "$1" "$2" && [ "$(stat -c %i "$2")" = "$before" ] || { echo "$1 was not renamed to $2"; return 1; }; }`;

const CHECKS = [
  'echo x > a',
  `check 'ln absolute to relative' ln "$PWD/a" b`,
  `check 'ln relative to absolute' ln a "$PWD/c"`,
  `check 'ln through /proc/self/cwd' ln /proc/self/cwd/a "$PWD/d"`,
  `check 'cp --link' cp --link "$PWD/a" e`,
  `check 'same inode' same a "$PWD/e"`,
  `check 'mv absolute to relative' renamed "$PWD/b" f`,
  `check 'mv relative to absolute' renamed f "$PWD/g"`,
  `check 'mv to the parent by absolute path' renamed g "$(dirname "$PWD")/h"`,
  `check 'cd by relative path' eval 'cd nested && echo y > y && ln y "$PWD/z" && ln "$PWD/y" ../y'`,
  `check 'cd by absolute path' eval 'cd "$PWD/nested" && ln "$PWD/z" w && renamed "$PWD/w" ../w'`,
];

const EXPECTED = [
  'ok ln absolute to relative',
  'ok ln relative to absolute',
  'ok ln through /proc/self/cwd',
  'ok cp --link',
  'ok same inode',
  'ok mv absolute to relative',
  'ok mv relative to absolute',
  'ok mv to the parent by absolute path',
  'ok cd by relative path',
  'ok cd by absolute path',
];

/**
 * SH-3: whatever holds a command's processes, the command sees one file system: its working
 * directory, `$PWD`, relative and absolute paths, `cd` and `/proc/self/cwd` all resolve on the
 * same mounts, so hard links and renames between them work as they do for an uncontained command.
 */
export function describeFileSystemCases(context: CaseContext): void {
  const script = [CHECK, SAME_INODE, RENAMED, ...CHECKS].join('\n');

  it(
    'SH-3: a command sees one file system: hard links and renames between relative, absolute, $PWD and /proc/self/cwd paths',
    async () => {
      const shell = await context.shell();
      const folder = await context.folder(shell);
      for (const cwd of [`${folder}/top`, `${folder}/top/one/two`]) {
        const made = await run(shell, `mkdir -p '${cwd}/nested'`);
        expect(made.value).toMatchObject({ exitCode: 0, stderr: '' });
        const { value } = await run(shell, script, { cwd });
        expect(value).toMatchObject({ exitCode: 0, stderr: '' });
        expect(value.stdout.trimEnd().split('\n'), cwd).toEqual(EXPECTED);
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-3: a command whose working directory lies under a symbolic link sees one file system',
    async () => {
      const shell = await context.shell();
      const folder = await context.folder(shell);
      const made = await run(shell, `mkdir -p real/sub/nested real/up && ln -s real link`, { cwd: folder });
      expect(made.value).toMatchObject({ exitCode: 0, stderr: '' });
      const cwd = `${folder}/link/sub`;
      const { value } = await run(shell, `${script}\necho "physical $(pwd -P)"; cd "$PWD" && echo "cd PWD $(pwd -P)"`, {
        cwd,
      });
      expect(value).toMatchObject({ exitCode: 0, stderr: '' });
      expect(value.stdout.trimEnd().split('\n')).toEqual([
        ...EXPECTED,
        `physical ${folder}/real/sub`,
        `cd PWD ${folder}/real/sub`,
      ]);
    },
    CASE_TIMEOUT_MS,
  );
}
