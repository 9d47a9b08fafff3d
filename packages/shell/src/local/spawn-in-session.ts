// Starting a command in its own session, and what that start needs: its environment, its options checked, its streams settled.
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import type { ExecutionOptions } from '../execution-options.js';
import { PROMPT_PROOF_ENV } from './prompt-proof-env.js';

/**
 * Starts a process as the leader of a new session and process group (`setsid`), stdin closed,
 * stdout and stderr piped. bash names itself by its argv[0]: `bash: line 1: …` in messages.
 */
export function spawnInSession(
  file: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): ChildProcess {
  return spawn(file, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    argv0: file.slice(file.lastIndexOf('/') + 1),
  });
}

/**
 * Waits for both streams to end, at most `settleMs`; then closes them (a background child may hold
 * them open). The wait ends one turn of the event loop after its timer, never in the timer's own
 * turn: on a loaded machine the timer can come due before the loop has read what the command
 * wrote before it exited, and that output would be lost (timers run before the loop reads I/O).
 */
export async function settle(child: ChildProcess, settleMs: number): Promise<void> {
  const ended = (stream: NodeJS.ReadableStream | null): Promise<void> =>
    stream === null || (stream as { readableEnded?: boolean }).readableEnded === true
      ? Promise.resolve()
      : new Promise((resolve) => {
          stream.once('end', resolve);
          stream.once('close', resolve);
        });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all([ended(child.stdout), ended(child.stderr)]),
    new Promise((resolve) => (timer = setTimeout(() => setImmediate(resolve), settleMs))),
  ]);
  clearTimeout(timer);
  child.stdout?.destroy();
  child.stderr?.destroy();
}

export function environment(overrides: ExecutionOptions['env'], marker: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...PROMPT_PROOF_ENV };
  for (const [name, value] of Object.entries(overrides ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  const [name, value] = [marker.slice(0, marker.indexOf('=')), marker.slice(marker.indexOf('=') + 1)];
  env[name] = value;
  return env;
}

export function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
