import { expect, it } from 'vitest';
import type { BackgroundOptions, BackgroundProcess } from '../background-process.js';
import type { VirtualShell } from '../virtual-shell.js';
import { UNTIL_JOB_IS_SLEEP, type CaseToken } from './case-token.js';
import { CASE_TIMEOUT_MS, run, type CaseContext } from './case-context.js';
import { survivors, waitForProcesses, waitUntil } from './host-processes.js';

const BUFFER = 65_536;

/** Background commands whose processes must all die; `sleeping` is how many of the case's sleeps each runs. */
const trees: ReadonlyArray<[label: string, command: (t: CaseToken) => string, sleeping: number]> = [
  ['nested children', (t) => `bash -c "${t.sleep} & ${t.sleep} & wait" & ${t.sleep} & wait`, 3],
  [
    'a child that left the session and dropped its environment',
    (t) => `env -i setsid ${t.sleep} & ${t.sleep}; true`,
    2,
  ],
  ['a child that ignores SIGTERM', (t) => `(trap '' TERM; exec ${t.sleep}) & ${t.sleep} & wait`, 2],
];

/** The shell's startBackground, or a failure that says the shell has none. */
function backgroundOf(
  shell: VirtualShell,
): (command: string, options: BackgroundOptions) => Promise<BackgroundProcess> {
  const start = shell.startBackground?.bind(shell);
  if (start === undefined)
    throw new Error('The shell has no startBackground, though its target claims the background capability.');
  return start;
}

/** BT-2: background commands — output read while they run, bounded, an exit value, and kill/dispose with no survivor. */
export function describeBackgroundCases(context: CaseContext): void {
  const { target } = context;

  if (target.capabilities?.background === false) {
    it('BT-2: background commands', () => {
      throw new Error(`${target.name} does not support background commands (capabilities.background is false).`);
    });
    return;
  }

  it(
    'BT-2: output is readable while the command runs; the end brings the rest, the exit code and no leftover',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const folder = await context.folder(shell);
      const background = await backgroundOf(shell)(
        `echo first; echo warn >&2; until [ -e go ]; do sleep 0.05; done; ${t.sleep} & ${UNTIL_JOB_IS_SLEEP}; echo second; exit 4`,
        { cwd: folder, maxBufferBytes: BUFFER },
      );
      let output = '';
      const bothLines = () => (output += background.read().output).includes('first\n') && output.includes('warn\n');
      expect(await waitUntil(bothLines)).toBe(true);
      expect(output.split('\n').sort()).toEqual(['', 'first', 'warn']);
      expect(background.read()).toMatchObject({ output: '', status: 'running', exitCode: null, signal: null });
      expect((await run(shell, 'touch go', { cwd: folder })).value.exitCode).toBe(0);
      expect(await waitUntil(() => background.status !== 'running')).toBe(true);
      expect(background.read()).toMatchObject({ output: 'second\n', droppedBytes: 0, status: 'exited', exitCode: 4 });
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'BT-2: cwd and env apply to a background command',
    async () => {
      const shell = await context.shell();
      const folder = await context.folder(shell);
      const background = await backgroundOf(shell)('pwd -P; printf "%s\\n" "$FOO"', {
        cwd: folder,
        env: { FOO: 'bar baz' },
        maxBufferBytes: BUFFER,
      });
      expect(await waitUntil(() => background.status !== 'running')).toBe(true);
      expect(background.read()).toMatchObject({ output: `${folder}\nbar baz\n`, status: 'exited', exitCode: 0 });
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'BT-2: the output is held in a bounded ring: the most recent bytes, and a count of those dropped',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const background = await backgroundOf(shell)(`head -c 1000000 /dev/zero | tr '\\0' a # ${t.id}`, {
        maxBufferBytes: BUFFER,
      });
      expect(await waitUntil(() => background.status !== 'running')).toBe(true);
      const read = background.read();
      expect(read).toMatchObject({ status: 'exited', exitCode: 0, signal: null, droppedBytes: 1_000_000 - BUFFER });
      expect(read.output).toBe('a'.repeat(BUFFER));
    },
    CASE_TIMEOUT_MS,
  );

  for (const [label, command, sleeping] of trees) {
    it(
      `BT-2: kill() leaves no process of ${label}`,
      async () => {
        const shell = await context.shell();
        const t = context.token();
        const background = await backgroundOf(shell)(command(t), { maxBufferBytes: BUFFER });
        expect(await waitForProcesses(target, t.asleep, sleeping)).toBe(true);
        await background.kill();
        expect(background.status).toBe('killed');
        expect(background.read()).toMatchObject({ status: 'killed', exitCode: null });
        expect(await survivors(target, t.id)).toEqual([]);
      },
      CASE_TIMEOUT_MS,
    );
  }

  it(
    'BT-2: dispose() leaves no process of any background command still running',
    async () => {
      const shell = await context.shell();
      if (shell.dispose === undefined) throw new Error('The shell has background commands but no dispose().');
      const tokens: CaseToken[] = [];
      for (const [, command, sleeping] of trees) {
        const t = context.token();
        tokens.push(t);
        await backgroundOf(shell)(command(t), { maxBufferBytes: BUFFER });
        expect(await waitForProcesses(target, t.asleep, sleeping)).toBe(true);
      }
      await shell.dispose();
      for (const t of tokens) expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
}
