import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settle } from './spawn-in-session.js';

const folder = mkdtempSync(join(tmpdir(), 'tw-settle-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Holds the event loop (as a loaded machine does) until `condition` holds, at most 30 s. */
function holdTheLoopUntil(condition: () => boolean): void {
  const deadline = Date.now() + 30_000;
  while (!condition()) if (Date.now() > deadline) throw new Error('the condition did not come true within 30 s');
}

describe('settle (SPEC SH-4, SH-5)', () => {
  it('SH-4: output the command wrote before the wait ended is kept, even when the loop wakes up with the timer already due', async () => {
    for (const [index, settleMs] of [0, 1, 5].entries()) {
      const marker = join(folder, `written-${index}`);
      const child = spawn(
        'bash',
        ['--noprofile', '--norc', '-c', `printf 'every byte'; printf ' on stderr' >&2; : > '${marker}'`],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await once(child, 'spawn');
      const settled = settle(child, settleMs);
      // The command writes and finishes while the loop is held: when it runs again, the timer is
      // due and the output unread. Timers run before the loop reads I/O; the wait must not end first.
      holdTheLoopUntil(() => existsSync(marker));
      await settled;
      expect([stdout, stderr]).toEqual(['every byte', ' on stderr']);
    }
  });

  it('SH-5: a child that keeps the streams open ends the wait after settleMs, and the streams are closed', async () => {
    const child = spawn('bash', ['--noprofile', '--norc', '-c', 'printf started; exec sleep 30'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await once(child.stdout, 'data');
    await settle(child, 50);
    expect(stdout).toBe('started');
    expect([child.stdout.destroyed, child.stderr.destroyed]).toEqual([true, true]);
    process.kill(-child.pid!, 'SIGKILL');
  });
});
