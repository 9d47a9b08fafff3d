import type { ClientChannel } from 'ssh2';

/** Reads a short helper command's channel to its close: its stdout and exit code. */
export function readChannel(channel: ClientChannel): Promise<{ stdout: string; exitCode: number | null }> {
  return new Promise((resolve) => {
    let stdout = '';
    let exitCode: number | null = null;
    channel.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    channel.stderr.resume();
    channel.on('exit', (code: number | null) => (exitCode = code ?? null));
    channel.once('close', () => resolve({ stdout, exitCode }));
    channel.end();
  });
}
