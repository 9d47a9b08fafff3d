import type { FetchLike } from '@modelcontextprotocol/client';
import type { RequestId } from '@modelcontextprotocol/client';
import { answerTooLarge, transportFailure } from '../errors/transport-failure.js';

/**
 * A fetch for the SDK's Streamable HTTP client that holds what a server sends to `maxMessageBytes`
 * per message, as the stdio transport does (SPEC MC-2); the SDK itself reads any size. A JSON
 * answer over the limit is not read further: the calls of its POST get a {@link transportFailure}
 * each, so each fails alone. On an event stream each event is held to the limit: one over it is
 * dropped as it arrives, and the calls of its POST (none on the GET stream) fail. Any other body,
 * an HTTP error's included, is cut at the limit.
 */
export function limitHttpMessages(maxMessageBytes: number, base: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await base(url, init);
    if (response.body === null) return response;
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const ids = requestIds(init?.body);
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    const answer = (body: ConstructorParameters<typeof Response>[0]): Response =>
      new Response(body, { status: response.status, statusText: response.statusText, headers });
    if (type === 'text/event-stream') return answer(response.body.pipeThrough(limitEvents(maxMessageBytes, ids)));
    const { bytes, over } = await readAtMost(response.body, maxMessageBytes);
    if (!over || type !== 'application/json' || !response.ok) return answer(bytes);
    return answer(JSON.stringify(ids.map((id) => transportFailure(id, answerTooLarge(maxMessageBytes)))));
  };
}

/** The ids of the JSON-RPC requests in a POST's body (the SDK sends a string). */
function requestIds(body: unknown): RequestId[] {
  if (typeof body !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]).flatMap((message: unknown) => {
      const { id, method } = (typeof message === 'object' && message !== null ? message : {}) as Record<
        string,
        unknown
      >;
      return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? [id] : [];
    });
  } catch {
    return [];
  }
}

/** At most `limit` bytes of a body, and whether there was more (the rest is not read). */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ bytes: Uint8Array; over: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { bytes: Buffer.concat(chunks), over: false };
    size += value.length;
    if (size > limit) {
      await reader.cancel();
      chunks.push(value.subarray(0, value.length - (size - limit)));
      return { bytes: Buffer.concat(chunks), over: true };
    }
    chunks.push(value);
  }
}

/**
 * Passes an event stream on one whole event at a time, each at most `limit` bytes (checked at each
 * line end and piece end, so never more than one piece over). An event ends at an empty line (LF,
 * CRLF or CR line ends); one that grows past the limit is dropped, the rest of it skipped as it
 * arrives, and the calls `ids` get a failure event each.
 */
function limitEvents(limit: number, ids: readonly RequestId[]): TransformStream<Uint8Array, Uint8Array> {
  let parts: Uint8Array[] = [];
  let size = 0;
  let dropping = false;
  let lineEmpty = true;
  let afterCarriageReturn = false;
  const encoder = new TextEncoder();
  const keep = (piece: Uint8Array, controller: TransformStreamDefaultController<Uint8Array>): void => {
    if (dropping) return;
    parts.push(piece);
    size += piece.length;
    if (size <= limit) return;
    [parts, size, dropping] = [[], 0, true];
    for (const id of ids) {
      const failure = JSON.stringify(transportFailure(id, answerTooLarge(limit)));
      controller.enqueue(encoder.encode(`event: message\ndata: ${failure}\n\n`));
    }
  };
  return new TransformStream({
    transform(chunk, controller) {
      let start = 0;
      for (let index = 0; index < chunk.length; index++) {
        const byte = chunk[index]!;
        const continuesLineEnd = byte === 0x0a && afterCarriageReturn;
        afterCarriageReturn = byte === 0x0d;
        if (continuesLineEnd || (byte !== 0x0a && byte !== 0x0d)) {
          lineEmpty &&= continuesLineEnd;
          continue;
        }
        keep(chunk.subarray(start, index + 1), controller);
        start = index + 1;
        if (lineEmpty) {
          if (!dropping) controller.enqueue(Buffer.concat(parts));
          [parts, size, dropping] = [[], 0, false];
        }
        lineEmpty = true;
      }
      if (start < chunk.length) keep(chunk.subarray(start), controller);
    },
    flush(controller) {
      if (!dropping && size > 0) controller.enqueue(Buffer.concat(parts));
    },
  });
}
