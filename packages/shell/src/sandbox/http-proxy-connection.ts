// An HTTP client of the proxy: CONNECT tunnels and absolute-form requests, one request a connection.
import type { Destination, UpstreamFailure } from './connect-upstream.js';
import { sandboxMessage } from './destination-verdict.js';
import { MAXIMUM_HEAD_BYTES, parseProxyHead } from './http-proxy-head.js';
import { reachDestination, type DestinationAnswers, type ProxyConnection } from './proxy-connection.js';
import { sendAndClose } from './socket-endings.js';

const CONNECTION_ESTABLISHED = Buffer.from('HTTP/1.1 200 Connection established\r\n\r\n');
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Forbidden',
  431: 'Request Header Fields Too Large',
  502: 'Bad Gateway',
  504: 'Gateway Timeout',
};

/**
 * Serves a client that speaks HTTP to the proxy. Its head (at most 16 KiB, else 431) is CONNECT
 * `host:port`, answered 200 and tunnelled, or an absolute-form request (`GET http://host/path`),
 * sent to its origin in origin form without `Proxy-*` and hop-by-hop headers, with
 * `Connection: close`; the rest of the connection is piped both ways. A refused destination gets
 * 403, a malformed request 400, an unreachable destination 502 (504 when it did not answer in time).
 */
export async function serveHttpProxy(connection: ProxyConnection): Promise<void> {
  const { client, reader, lingerMs } = connection;
  const read = await reader.read(parseProxyHead);
  const request = read.ok ? read.value : read.failure === 'too-large' ? { kind: 'too-large' as const } : undefined;
  if (request === undefined || request.kind === 'too-large' || request.kind === 'malformed') {
    reader.release();
    if (request === undefined) client.destroy();
    else if (request.kind === 'malformed') sendAndClose(client, textResponse(400, request.reason), lingerMs);
    else sendAndClose(client, textResponse(431, `the request head is over ${MAXIMUM_HEAD_BYTES} bytes`), lingerMs);
    return;
  }
  const destination: Destination = { host: request.host, port: request.port };
  const tunnel = request.kind === 'tunnel';
  await reachDestination(connection, destination, {
    ...REFUSALS,
    failed: (failure) => failedResponse(destination, failure),
    connected: tunnel
      ? { toClient: CONNECTION_ESTABLISHED, toUpstream: Buffer.alloc(0) }
      : { toClient: Buffer.alloc(0), toUpstream: request.head },
  });
}

const REFUSALS: Pick<DestinationAnswers, 'refused' | 'malformed'> = {
  refused: (reason) => textResponse(403, reason),
  malformed: (reason) => textResponse(400, reason),
};

function failedResponse(destination: Destination, failure: UpstreamFailure): Buffer {
  const sentence = `${destination.host}:${destination.port} could not be reached: ${failure.detail}`;
  return textResponse(failure.failure === 'timeout' ? 504 : 502, sentence);
}

/** A whole response with a plain-text body: the sandbox's sentence, and the connection closes after it. */
function textResponse(status: number, sentence: string): Buffer {
  const body = Buffer.from(sandboxMessage(sentence));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}`,
    'Content-Type: text/plain',
    `Content-Length: ${body.length}`,
    'Connection: close',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
}
