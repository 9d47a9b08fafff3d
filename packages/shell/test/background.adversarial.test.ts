// BT-2 on LocalShell: killing a background command, or disposing its shell, leaves no process of
// it — nested children, children that left the session and dropped the environment, children
// that ignore SIGTERM — under every containment this machine offers. Killing only the leader would
// fail here: the children below outlive their leader unless the whole tree is found and killed.
import { availableContainments, LocalShell, type BackgroundProcess } from '@toolwright/shell';
import { describe, expect, it } from 'vitest';
import { sleeps, UNTIL_JOB_IS_SLEEP, useTokens } from './shell-cases.js';
import { survivors, waitFor } from '@toolwright/test-support/survivors';

const token = useTokens();
const BUFFER = 65_536;

/** Background commands whose processes must all die; `sleeping` is how many `sleep 1000.<t>` each runs. */
const cases: ReadonlyArray<[label: string, command: (t: string) => string, sleeping: number]> = [
  [
    'nested children (a bash with its own background sleeps, beside more sleeps)',
    (t) => `bash -c 'sleep 1000.${t} & sleep 1000.${t} & wait' & sleep 1000.${t} & wait`,
    3,
  ],
  [
    'a child that left the session and dropped the environment while its parent lives',
    (t) => `env -i setsid sleep 1000.${t} & sleep 1000.${t}; true`,
    2,
  ],
  ['a child that ignores SIGTERM', (t) => `(trap '' TERM; exec sleep 1000.${t}) & sleep 1000.${t} & wait`, 2],
];

/** Starts `command` in the background and waits until all its sleeps run. */
async function startRunning(
  shell: LocalShell,
  command: string,
  t: string,
  sleeping: number,
): Promise<BackgroundProcess> {
  const background = await shell.startBackground(command, { maxBufferBytes: BUFFER });
  expect(await waitFor(t, (lines) => sleeps(lines, t) === sleeping)).toBe(true);
  return background;
}

describe.sequential('LocalShell background commands (BT-2)', () => {
  for (const containment of availableContainments()) {
    const shell = new LocalShell({ sandbox: 'off', containment });

    for (const [label, command, sleeping] of cases) {
      it(`BT-2 (${containment}): kill() leaves no process of ${label}`, async () => {
        const t = token();
        const background = await startRunning(shell, command(t), t, sleeping);
        expect(background.containment).toBe(containment);
        await background.kill();
        expect(background.read()).toMatchObject({ status: 'killed', exitCode: null });
        expect(await survivors(t)).toEqual([]);
      });
    }

    it(`BT-2 (${containment}): dispose() leaves no process of any background command still running`, async () => {
      const disposable = new LocalShell({ sandbox: 'off', containment });
      const started: string[] = [];
      for (const [, command, sleeping] of cases) {
        const t = token();
        started.push(t);
        await startRunning(disposable, command(t), t, sleeping);
      }
      await disposable.dispose();
      for (const t of started) expect(await survivors(t)).toEqual([]);
    });

    it(`BT-2 (${containment}): a background command that exits leaves nothing behind`, async () => {
      const t = token();
      const background = await shell.startBackground(`sleep 1000.${t} & ${UNTIL_JOB_IS_SLEEP}; echo done`, {
        maxBufferBytes: BUFFER,
      });
      expect(await waitFor(t, () => background.status === 'exited')).toBe(true);
      expect(background.read()).toMatchObject({ output: 'done\n', status: 'exited', exitCode: 0 });
      expect(await survivors(t)).toEqual([]);
    });

    it(`BT-2 (${containment}): a read that sees a background command's end sees all of its output`, async () => {
      const t = token();
      const background = await shell.startBackground(`head -c 1000000 /dev/zero | tr '\\0' a # ${t}`, {
        maxBufferBytes: BUFFER,
      });
      expect(await waitFor(t, () => background.status !== 'running')).toBe(true);
      const read = background.read();
      expect(read).toMatchObject({ status: 'exited', exitCode: 0, signal: null });
      expect(read.droppedBytes + Buffer.byteLength(read.output)).toBe(1_000_000);
      expect(read.output).toBe('a'.repeat(BUFFER));
    });
  }

  const strong = availableContainments().filter((containment) => containment !== 'session');
  for (const containment of strong) {
    it(`BT-2 (${containment}): kill() and dispose() leave no process that escaped with setsid -f env -i`, async () => {
      const shell = new LocalShell({ sandbox: 'off', containment });
      const [t, u] = [token(), token()];
      const killed = await shell.startBackground(`setsid -f env -i sleep 1000.${t}; sleep 999.${t}`, {
        maxBufferBytes: BUFFER,
      });
      await shell.startBackground(`setsid -f env -i sleep 1000.${u}; sleep 999.${u}`, { maxBufferBytes: BUFFER });
      for (const v of [t, u])
        expect(await waitFor(v, (lines) => lines.includes(`sleep 1000.${v}`) && lines.includes(`sleep 999.${v}`))).toBe(
          true,
        );
      await killed.kill();
      expect(await survivors(t)).toEqual([]);
      await shell.dispose();
      expect(await survivors(u)).toEqual([]);
    });
  }
});
