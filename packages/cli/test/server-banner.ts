import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

/**
 * Collects what a `toolwright serve` started by `transport` (with `stderr: 'pipe'`) writes to
 * stderr; the function returned waits for its first line, the banner (a generous deadline:
 * machines are loaded).
 */
export function serverBanner(transport: StdioClientTransport): () => Promise<string> {
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return async () => {
    const deadline = Date.now() + 30_000;
    while (!stderr.includes('\n') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    return stderr.slice(0, stderr.indexOf('\n') + 1);
  };
}
