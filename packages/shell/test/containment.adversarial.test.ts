// SH-3 containment: which one a LocalShell uses, that it is real, and that a process which leaves
// the session, clears its environment and is orphaned still dies with its command — under the
// default LocalShell and under every containment this machine offers. The session alone cannot
// hold such a process: its cases here show the escapes are real (and why it is only the fallback).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { availableContainments, LocalShell, type Containment } from '@toolwright/shell';
import { describe, expect, it } from 'vitest';
import { abortWhen, run, untilRunning, useTokens } from './shell-cases.js';
import { commandLines, survivors, waitUntilRunning } from '@toolwright/test-support/survivors';

const token = useTokens();
const available = availableContainments();
const defaultShell = new LocalShell();

/** Each containment this machine offers, by the shell that uses it (the default one for the strongest). */
const shells: ReadonlyArray<[label: string, shell: LocalShell]> = available.map((containment) => [
  containment === defaultShell.containment ? `the default LocalShell (${containment})` : containment,
  containment === defaultShell.containment ? defaultShell : new LocalShell({ sandbox: 'off', containment }),
]);

/** Ways out of the session and its environment; `escapee` is the command line the escaped process ends up with. */
const escapes: ReadonlyArray<[label: string, start: (t: string) => string, escapee: (t: string) => string]> = [
  [
    'setsid -f env -i bash -c "exec -a x sleep 300"',
    (t) => `setsid -f env -i /bin/bash -c "exec -a x sleep 300.${t}"`,
    (t) => `x 300.${t}`,
  ],
  ['(env -i setsid sleep 1000 &)', (t) => `(env -i setsid sleep 1000.${t} &)`, (t) => `sleep 1000.${t}`],
  [
    'a double fork with env -i: ( ( env -i setsid sleep 1000 & ) & )',
    (t) => `( ( env -i setsid sleep 1000.${t} & ) & )`,
    (t) => `sleep 1000.${t}`,
  ],
  [
    'nohup with setsid -f and env -i',
    (t) => `nohup setsid -f env -i sleep 1000.${t} >/dev/null 2>&1`,
    (t) => `sleep 1000.${t}`,
  ],
];

/** After the command ended: nothing left under a real containment; under the session alone, the escapee. */
async function expectContained(containment: Containment, t: string, escapee: string): Promise<void> {
  if (containment === 'session') expect(commandLines(t)).toEqual([escapee]);
  else expect(await survivors(t)).toEqual([]);
}

describe.sequential('LocalShell containment (SH-3)', () => {
  it('SH-3: the default LocalShell uses the strongest containment this machine offers, and its results say so', async () => {
    const order: Containment[] = ['pid-namespace', 'cgroup', 'session'];
    expect(available).toEqual(order.filter((containment) => available.includes(containment)));
    expect(available.at(-1)).toBe('session');
    expect(defaultShell.containment).toBe(available[0]);
    const { value } = await run(defaultShell, `echo ok # ${token()}`);
    expect(value).toMatchObject({ exitCode: 0, stdout: 'ok\n', containment: available[0] });
  });

  it('SH-3: a containment this machine does not offer, or that does not exist, is refused when the shell is made', () => {
    const missing = (['pid-namespace', 'cgroup'] as const).filter((containment) => !available.includes(containment));
    for (const containment of [...missing, 'chroot' as Containment]) {
      expect(() => new LocalShell({ sandbox: 'off', containment })).toThrow(
        `containment '${containment}' is not available on this machine; available: ${available.join(', ')}`,
      );
    }
  });

  if (available.includes('pid-namespace')) {
    it('SH-3: under pid-namespace the command sees its own PID namespace: an init that only reaps, and itself not PID 1', async () => {
      const shell = new LocalShell({ sandbox: 'off', containment: 'pid-namespace' });
      const { value } = await run(
        shell,
        `tr '\\0' ' ' < /proc/1/cmdline; echo; [ $$ -gt 1 ] && echo "not init"; ps -e -o pid= | wc -l # ${token()}`,
      );
      const [init = '', notInit, count] = value.stdout.split('\n');
      expect([init.split(' ')[0], notInit]).toEqual(['toolwright-init', 'not init']);
      // The init, the command's bash, ps and wc: nothing of the host is visible.
      expect(Number(count)).toBe(4);
      expect(value).toMatchObject({ exitCode: 0, containment: 'pid-namespace' });
    });
  }

  if (available.includes('cgroup')) {
    it("SH-3: under cgroup the command runs in a cgroup of its own, removed (with this process's folder) once it has ended", async () => {
      const shell = new LocalShell({ sandbox: 'off', containment: 'cgroup' });
      const { value } = await run(shell, `grep '^0::' /proc/self/cgroup # ${token()}`);
      expect(value).toMatchObject({ exitCode: 0, containment: 'cgroup' });
      const match = /^0::(.*\/toolwright-(\d+)\/run-[0-9a-f-]{36})\n$/.exec(value.stdout);
      expect(match?.[2]).toBe(String(process.pid));
      const mount = readFileSync('/proc/self/mountinfo', 'utf8')
        .split('\n')
        .map((line) => line.split(' '))
        .find((fields) => fields[fields.indexOf('-') + 1] === 'cgroup2')?.[4];
      const folder = `${mount ?? ''}${match?.[1] ?? ''}`;
      const parent = folder.slice(0, folder.lastIndexOf('/'));
      let removed = false;
      for (const deadline = performance.now() + 10_000; !removed && performance.now() < deadline;) {
        removed = !existsSync(folder) && !existsSync(parent);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(removed).toBe(true);
    });
  }

  if (available.includes('pid-namespace')) {
    it('SH-3: under pid-namespace a command dies with its host even when the host is SIGKILLed (no handler runs)', async () => {
      const t = token();
      const fixture = fileURLToPath(new URL('./fixtures/parent-exit.mjs', import.meta.url));
      const parent = spawn(process.execPath, [fixture, t, 'wait', 'pid-namespace'], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        parent.once('exit', (_, signal) => resolve(signal)),
      );
      parent.stderr.resume();
      try {
        expect(await waitUntilRunning(t)).not.toEqual([]);
        parent.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
        expect(await survivors(t)).toEqual([]);
      } finally {
        if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
      }
    });
  }

  for (const [label, shell] of shells) {
    const containment = shell.containment;
    for (const [escape, start, escapee] of escapes) {
      it(`SH-3: ${label}: after a normal exit, ${escape} ${containment === 'session' ? 'escapes the session alone' : 'dies too'}`, async () => {
        const t = token();
        // The command returns only once the escapee runs (pgrep sees what the command sees).
        const { value } = await run(shell, `${start(t)}; ${untilRunning(escapee(t))}; echo done`);
        expect(value).toMatchObject({ exitCode: 0, stdout: 'done\n', timedOut: false, containment });
        await expectContained(containment, t, escapee(t));
      });

      it(`SH-3: ${label}: on abort, ${escape} ${containment === 'session' ? 'escapes the session alone' : 'dies too'}`, async () => {
        const t = token();
        const { value, ready } = await abortWhen(
          shell,
          `${start(t)}; sleep 999.${t}; true`,
          t,
          (lines) => lines.includes(escapee(t)) && lines.includes(`sleep 999.${t}`),
        );
        expect(ready).toBe(true);
        expect(value).toMatchObject({ aborted: true, timedOut: false, containment });
        await expectContained(containment, t, escapee(t));
      });
    }
  }

  it(`SH-3: the default LocalShell: on timeout, setsid -f env -i bash -c "exec -a x sleep 300" ${defaultShell.containment === 'session' ? 'escapes the session alone' : 'dies too'}`, async () => {
    const t = token();
    // The 3 s timeout is many times what the escape takes; `ready` in the output proves it happened first.
    const { value } = await run(
      defaultShell,
      `setsid -f env -i /bin/bash -c "exec -a x sleep 300.${t}"; ${untilRunning(`x 300.${t}`)}; echo ready; sleep 1000.${t}`,
      { timeoutMs: 3_000 },
    );
    expect(value).toMatchObject({ stdout: 'ready\n', timedOut: true, containment: defaultShell.containment });
    await expectContained(defaultShell.containment, t, `x 300.${t}`);
  });
});
