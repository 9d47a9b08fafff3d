import type { IncomingMessage, ServerResponse } from 'node:http';

/** Headers a Node request carries for its own connection, not for the request: never passed on. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

/**
 * A web `Request` for a Node request whose body has already been read (the SDK's handler gets the
 * parsed body beside it): the same method, target and headers, no body, and a signal that aborts
 * when the client goes away (closes the connection, or its side of it) before the answer is complete.
 */
export function toWebRequest(request: IncomingMessage, response: ServerResponse, origin: string): Request {
  const headers = new Headers();
  const raw = request.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const name = raw[index]!;
    if (!CONNECTION_HEADERS.has(name.toLowerCase())) headers.append(name, raw[index + 1]!);
  }
  const gone = new AbortController();
  const onGone = (): void => {
    if (!response.writableFinished) gone.abort();
  };
  // A client that closes its side (a dead process does) has gone, though Node keeps the socket half open.
  const socket = request.socket;
  socket.once('end', onGone);
  response.once('close', () => {
    socket.off('end', onGone);
    onGone();
  });
  return new Request(new URL(request.url ?? '/', origin), {
    method: request.method ?? 'POST',
    headers,
    signal: gone.signal,
  });
}

/**
 * Writes a web `Response` to a Node response as it comes: its status, its headers (and any extra
 * ones) and its body, each chunk as the SDK produces it (so a streamed answer's notifications reach
 * the client during the call), waiting for the socket to drain. When the client goes away first, the body is
 * cancelled, which is how the SDK learns the request was dropped.
 */
export async function sendWebResponse(
  answer: Response,
  response: ServerResponse,
  extraHeaders?: Readonly<Record<string, string>>,
): Promise<void> {
  const headers: Record<string, string | string[]> = { ...extraHeaders };
  answer.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? answer.headers.getSetCookie() : value;
  });
  response.writeHead(answer.status, headers);
  if (answer.body === null) {
    response.end();
    return;
  }
  const reader = answer.body.getReader();
  const onClose = (): void => {
    if (!response.writableFinished) reader.cancel().catch(() => undefined);
  };
  response.once('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (response.destroyed) return;
      if (!response.write(value)) await drained(response);
    }
    response.end();
  } finally {
    response.off('close', onClose);
  }
}

function drained(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done).off('close', done);
      resolve();
    };
    response.once('drain', done).once('close', done);
  });
}
