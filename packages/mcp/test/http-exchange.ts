// One HTTP request with full control of what goes on the wire (headers repeated or left out, any
// method and request target), for the tests of the HTTP server's checks; fetch would not send them.
import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/**
 * An HTTP answer: its status, headers and body — parsed as JSON when it is JSON; when it is an
 * event stream, the last message it carried (the answer), with every message in `messages`.
 */
export interface HttpExchange {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
  /** The JSON-RPC messages of an event-stream answer, in order (notifications, then the answer). */
  readonly messages?: readonly unknown[];
}

/** What to send; by default a POST to the URL's path with the MCP content headers and a Host of the URL's. */
export interface HttpExchangeOptions {
  readonly method?: string;
  /** The request target as written on the request line. Default: the URL's path and query. */
  readonly target?: string;
  /** Header lines in order, repeats kept; a `Host` here replaces the URL's. */
  readonly headers?: readonly (readonly [string, string])[];
  /** A JSON body (serialized) or a string sent as it is. */
  readonly body?: unknown;
  /** The agent whose connections to use. Default: a new connection. */
  readonly agent?: Agent;
}

/** A JSON-RPC `tools/list` request. */
export const LIST_TOOLS = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

/** A JSON-RPC `tools/call` request of `name` with `args`. */
export const callTool = (name: string, args: Record<string, unknown>): unknown => ({
  jsonrpc: '2.0',
  id: 2,
  method: 'tools/call',
  params: { name, arguments: args },
});

/** Sends one request over a new connection and reads the whole answer. */
export function exchange(url: URL, options: HttpExchangeOptions = {}): Promise<HttpExchange> {
  const given = options.headers ?? [];
  const body =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const lines: [string, string][] = [
    ...(given.some(([name]) => name.toLowerCase() === 'host') ? [] : [['Host', url.host] as [string, string]]),
    ['Content-Type', 'application/json'],
    ['Accept', 'application/json, text/event-stream'],
    ...(body === undefined ? [] : [['Content-Length', String(Buffer.byteLength(body))] as [string, string]]),
    ...given.map(([name, value]): [string, string] => [name, value]),
  ];
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port,
        method: options.method ?? 'POST',
        path: options.target ?? `${url.pathname}${url.search}`,
        headers: lines.flat(),
        agent: options.agent ?? false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const type = response.headers['content-type'] ?? '';
          const status = response.statusCode ?? 0;
          if (type.startsWith('text/event-stream')) {
            const messages = eventMessages(text);
            resolve({ status, headers: response.headers, body: messages.at(-1), messages });
            return;
          }
          resolve({
            status,
            headers: response.headers,
            body: type.startsWith('application/json') ? JSON.parse(text) : text,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** The JSON data of each `message` event of an event stream (events without a type are messages). */
export function eventMessages(stream: string): unknown[] {
  const messages: unknown[] = [];
  for (const event of stream.split(/\r?\n\r?\n/)) {
    let type = 'message';
    const data: string[] = [];
    for (const line of event.split(/\r?\n/)) {
      if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    if (type === 'message' && data.length > 0) messages.push(JSON.parse(data.join('\n')));
  }
  return messages;
}

/** An HTTP/1.0 request without a Host header (HTTP/1.1 needs one, and Node answers 400 itself); resolves to the status line. */
export function exchangeWithoutHost(url: URL, method: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname.replace(/^\[|\]$/g, ''), () => {
      socket.write(
        `${method} ${url.pathname} HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(`${text.slice(0, text.indexOf('\r\n'))} ${text.slice(text.indexOf('\r\n\r\n') + 4)}`);
    });
    socket.on('error', reject);
  });
}

/** The status and body of an answer (what the refusal tests compare). */
export const statusAndBody = ({ status, body }: HttpExchange): { status: number; body: unknown } => ({ status, body });

/** The JSON-RPC error body the server refuses with. */
export const refusalBody = (code: number, message: string): unknown => ({
  jsonrpc: '2.0',
  error: { code, message },
  id: null,
});

/** The answer to a request without the server's bearer token: status, challenge and body. */
export const UNAUTHORIZED = {
  status: 401,
  challenge: 'Bearer',
  body: refusalBody(-32000, "Unauthorized: send this server's token as 'Authorization: Bearer <token>'"),
};
