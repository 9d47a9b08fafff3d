import type { ChildProcess } from 'node:child_process';

/**
 * Calls `then` once the child has exited — now, when it already has. A sandboxed start resolves
 * when bubblewrap names its init, which can come after a quick command has already exited (libuv
 * may reap the child before it reads the status pipe): waiting for an 'exit' event that has passed
 * would wait forever.
 */
export function whenExited(
  child: ChildProcess,
  then: (exitCode: number | null, signal: NodeJS.Signals | null) => void,
): void {
  if (child.exitCode !== null || child.signalCode !== null) then(child.exitCode, child.signalCode);
  else child.once('exit', then);
}
