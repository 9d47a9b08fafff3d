import { newToken, running, survivors, waitFor, waitUntilRunning } from '@toolwright/test-support/survivors';
import { describe, expect, it } from 'vitest';
import type { LineListener } from './json-line-reader.js';
import { StdioChild } from './stdio-child.js';

const quiet: LineListener = { line: () => undefined, oversize: () => undefined };

/** Starts `node -e script token`, the token marking the process for the survivors check. */
function start(
  script: string,
  token: string,
  listener: LineListener = quiet,
  onExit = (): void => undefined,
): Promise<StdioChild> {
  return StdioChild.start({ command: process.execPath, args: ['-e', script, token] }, 1024, listener, onExit);
}

describe('StdioChild', () => {
  it('MC-2: lines of the process reach the listener, what is written reaches the process, and close ends it', async () => {
    const token = newToken();
    const lines: string[] = [];
    const child = await start('process.stdin.pipe(process.stdout)', token, {
      ...quiet,
      line: (text) => lines.push(text),
    });
    await child.write({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(await waitFor(token, () => lines.length === 1)).toBe(true);
    expect(lines).toEqual(['{"jsonrpc":"2.0","method":"notifications/initialized"}']);
    await child.close();
    expect([child.running, await survivors(token)]).toEqual([false, []]);
  });

  it('MC-2: an abandoned process that ignores SIGTERM is killed, and its end is heard', async () => {
    const token = newToken();
    let exited = false;
    const child = await start(
      'process.on("SIGTERM", () => undefined); setInterval(() => undefined, 1000)',
      token,
      quiet,
      () => {
        exited = true;
      },
    );
    expect((await waitUntilRunning(token)).length).toBe(1);
    await child.abandon();
    expect([child.running, exited, running(token)]).toEqual([false, true, []]);
    await expect(child.write({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow('Not connected');
  });

  it('MC-2: a command that cannot start rejects with the spawn error', async () => {
    await expect(
      StdioChild.start({ command: '/nonexistent/server' }, 1024, quiet, () => undefined),
    ).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
