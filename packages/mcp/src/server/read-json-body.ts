import type { IncomingMessage } from 'node:http';

/** A request body read as JSON, or the HTTP answer for why it was not. */
export type JsonBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly status: number; readonly code: number; readonly message: string };

/**
 * Reads a request body of at most `maxBytes` and parses it as JSON. Past the limit nothing more
 * is kept (the rest is discarded as it arrives) and the answer is 413; a body that is not JSON
 * is a JSON-RPC parse error (400, -32700).
 */
export function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      request.off('data', onData).off('end', onEnd);
      request.resume();
      resolve({ ok: false, status: 413, code: -32600, message: `Request body over ${maxBytes} bytes` });
    };
    const onEnd = (): void => {
      try {
        resolve({ ok: true, value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown });
      } catch {
        resolve({ ok: false, status: 400, code: -32700, message: 'Parse error: the request body is not JSON' });
      }
    };
    request.on('data', onData).on('end', onEnd);
    request.once('error', () =>
      resolve({ ok: false, status: 400, code: -32600, message: 'The request body could not be read' }),
    );
  });
}
