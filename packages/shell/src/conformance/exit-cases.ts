import { expect, it } from 'vitest';
import { shellExitStatus } from '../shell-command-result.js';
import { ShellStartError } from '../shell-start-error.js';
import { CAP, CASE_TIMEOUT_MS, run, type CaseContext } from './case-context.js';
import { survivors } from './host-processes.js';

/** SH-1: exit codes are values, the two streams stay apart, and only a command that cannot start rejects. */
export function describeExitCases(context: CaseContext): void {
  const { target } = context;

  it(
    'SH-1: a non-zero exit is a value with both streams apart',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `echo out; echo err >&2; exit 3 # ${t.id}`);
      expect(value).toMatchObject({
        exitCode: 3,
        signal: null,
        stdout: 'out\n',
        stderr: 'err\n',
        stdoutBytes: 4,
        stderrBytes: 4,
        truncated: false,
        timedOut: false,
        aborted: false,
      });
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-1: exit codes 0, 1, 127 (command not found) and 128+n (a child killed by signal n) are values',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const cases: ReadonlyArray<[command: string, exitCode: number]> = [
        [`true # ${t.id}`, 0],
        [`false # ${t.id}`, 1],
        [`toolwright-no-such-command-${t.id}`, 127],
        [`bash -c 'kill -KILL $$' tw-${t.id}; exit $?`, 137],
        [`bash -c 'kill -TERM $$' tw-${t.id}; exit $?`, 143],
      ];
      for (const [command, exitCode] of cases) {
        const { value } = await run(shell, command);
        expect({ command, exitCode: value.exitCode, signal: value.signal, timedOut: value.timedOut }).toEqual({
          command,
          exitCode,
          signal: null,
          timedOut: false,
        });
      }
      const { value } = await run(shell, `toolwright-no-such-command-${t.id}`);
      expect(value.stdout).toBe('');
      expect(value.stderr).toContain(`toolwright-no-such-command-${t.id}`);
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-1: a command that kills itself with SIGKILL reports 128+9 as its status, not a timeout',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `echo before; kill -9 $$; echo unreachable # ${t.id}`, { timeoutMs: 120_000 });
      expect(shellExitStatus(value)).toBe(137);
      expect(value).toMatchObject({ stdout: 'before\n', timedOut: false, aborted: false });
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-1/BT-1: a timeout resolves with what both streams had captured so far (the partial output is shown)',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `echo before; echo warn >&2; ${t.sleep}; echo after`, { timeoutMs: 3_000 });
      expect(value).toMatchObject({ stdout: 'before\n', stderr: 'warn\n', timedOut: true, aborted: false });
      // The sleep died of SIGTERM, and its shell with it.
      expect(shellExitStatus(value)).toBe(143);
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  const unusable: ReadonlyArray<[label: string, prepare: string]> = [
    ['does not exist', ''],
    ['is a file', 'echo not-a-folder > "$path"'],
  ];
  for (const [label, prepare] of unusable) {
    it(
      `SH-1: a working directory that ${label} rejects with ShellStartError and runs nothing`,
      async () => {
        const shell = await context.shell();
        const t = context.token();
        const folder = await context.folder(shell);
        const path = `${folder}/cwd-${t.id}`;
        if (prepare !== '') expect((await run(shell, `path='${path}'; ${prepare}`)).value.exitCode).toBe(0);
        const error: unknown = await shell
          .execute(`echo ran > '${folder}/witness'; ${t.sleep}`, { timeoutMs: 5_000, maxCaptureBytes: CAP, cwd: path })
          .then(
            () => undefined,
            (reason: unknown) => reason,
          );
        expect(ShellStartError.isInstance(error) && error.code).toBe('SHELL_START_FAILED');
        expect(await target.listProcesses(t.id)).toEqual([]);
        const { value } = await run(shell, `ls -A '${folder}'`);
        expect(value.stdout).toBe(prepare === '' ? '' : `cwd-${t.id}\n`);
      },
      CASE_TIMEOUT_MS,
    );
  }
}
