import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  JSONRPCMessageSchema,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { PassThrough } from 'node:stream';
import type { OversizeLine } from './json-line-reader.js';
import { StdioChild } from './stdio-child.js';
import type { StdioServerTarget } from './stdio-server-target.js';
import { describeLine } from './describe-line.js';
import { answerTooLarge, transportFailure } from '../transport-failure.js';

/** A line that goes on this many times past the message limit without a newline means the stream is lost. */
export const LOST_STREAM_FACTOR = 16;

/**
 * The client's stdio transport, which holds against a server that writes what it should not
 * (SPEC MC-2). Messages are newline-delimited and at most `maxMessageBytes` each:
 *
 * - an answer over the limit fails that call alone, as soon as its top level names the call
 *   (`id` and `result`/`error`), and the stream goes on after its newline; a request of the
 *   server over the limit is answered with an error; a notification over it is dropped;
 * - a line that is not a JSON-RPC message is dropped, and when it names a pending call (an
 *   `id` without `method`) that call fails, instead of waiting for an answer that will not come;
 * - a line that goes on 16 times past the limit without ending, or one still unended when a call
 *   is cancelled (which a timed-out call is), means the stream is lost: the server process is
 *   ended and started again, the client's `initialize` replayed to it, and the calls pending
 *   fail (the tool may have run); the client stays connected and the next call goes to the new
 *   process. A server that loses its stream again before answering anything is not restarted:
 *   the transport closes.
 *
 * Each failed call gets a {@link transportFailure}, so its tool's result says what happened.
 */
export class ResilientStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #command: StdioServerTarget;
  readonly #maxMessageBytes: number;
  readonly #stderr: PassThrough | undefined;
  readonly #pending = new Map<RequestId, string>();
  readonly #serverRequests = new Set<RequestId>();
  readonly #handled = new Set<RequestId>();
  #child: StdioChild | undefined;
  #initialize: JSONRPCRequest | undefined;
  #restart: { readonly id: string; readonly queue: JSONRPCMessage[] } | undefined;
  #restarts = 0;
  #answeredSinceRestart = true;
  #closed = false;

  constructor(command: StdioServerTarget, maxMessageBytes: number) {
    this.#command = command;
    this.#maxMessageBytes = maxMessageBytes;
    this.#stderr = command.stderr === 'pipe' ? new PassThrough() : undefined;
  }

  /** The server's stderr when the target asked for `pipe` (one stream across restarts), else null. */
  get stderr(): PassThrough | null {
    return this.#stderr ?? null;
  }

  async start(): Promise<void> {
    if (this.#child !== undefined) throw new Error('The stdio transport is already started.');
    this.#child = await this.#spawn();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.#closed) throw new Error('Not connected');
    if (this.#restart !== undefined) {
      this.#restart.queue.push(message);
      return;
    }
    const child = this.#child;
    if (child === undefined) throw new Error('Not connected');
    if (!this.#track(message)) return;
    if (isCancellation(message) && child.reader.inOversizeLine) {
      return this.#lose(
        `a line of the MCP server over ${this.#maxMessageBytes} bytes had no end when a call was given up`,
      );
    }
    await child.write(message);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const child = this.#child;
    this.#child = undefined;
    this.#restart = undefined;
    await child?.close();
    this.onclose?.();
  }

  #spawn(): Promise<StdioChild> {
    let child: StdioChild | undefined;
    const started = StdioChild.start(
      this.#command,
      this.#maxMessageBytes,
      {
        line: (text) => child === this.#child && this.#receiveLine(text),
        oversize: (line) => child === this.#child && this.#receiveOversize(line),
      },
      () => {
        if (child === this.#child && !this.#closed) void this.close();
      },
      this.#stderr,
    );
    return started.then((started) => (child = started));
  }

  /** Notes what the client sends; false for an answer to a request of a server process that is gone. */
  #track(message: JSONRPCMessage): boolean {
    if (isJSONRPCRequest(message)) {
      this.#pending.set(message.id, message.method);
      if (message.method === 'initialize') this.#initialize = message;
    } else if (isCancellation(message)) {
      this.#pending.delete((message.params as { requestId: RequestId }).requestId);
    } else if (!isJSONRPCNotification(message)) {
      return message.id !== undefined && this.#serverRequests.delete(message.id);
    }
    return true;
  }

  #receiveLine(text: string): void {
    let message: JSONRPCMessage;
    try {
      message = JSONRPCMessageSchema.parse(JSON.parse(text));
    } catch (error) {
      return this.#receiveInvalid(text, error);
    }
    if (isJSONRPCRequest(message)) this.#serverRequests.add(message.id);
    else if (!isJSONRPCNotification(message)) {
      if (message.id !== undefined && message.id === this.#restart?.id) return this.#finishRestart(message);
      if (message.id !== undefined) this.#pending.delete(message.id);
      this.#answeredSinceRestart = true;
    }
    this.onmessage?.(message);
  }

  #receiveInvalid(text: string, error: unknown): void {
    const { id, hasMethod } = describeLine(text);
    if (id !== undefined && hasMethod) this.#refuseServerRequest(id, 'The request is not a valid JSON-RPC message.');
    else if (id !== undefined)
      this.#fail(id, "The MCP server's answer to this call is not a valid JSON-RPC message; the tool may have run.");
    this.onerror?.(new Error(`The MCP server wrote a line that is not a JSON-RPC message: ${String(error)}`));
  }

  #receiveOversize({ fields, bytes, ended }: OversizeLine): void {
    const { id, hasMethod, hasAnswer } = fields;
    if (id !== undefined && !this.#handled.has(id) && (hasMethod || hasAnswer || ended)) {
      this.#handled.add(id);
      if (hasMethod)
        this.#refuseServerRequest(
          id,
          `The request is over the client's limit of ${this.#maxMessageBytes} bytes for one message.`,
        );
      else this.#fail(id, answerTooLarge(this.#maxMessageBytes));
    }
    if (ended) {
      if (this.#handled.size === 0)
        this.onerror?.(
          new Error(
            `Dropped a message of ${bytes} bytes from the MCP server: over the ${this.#maxMessageBytes}-byte limit.`,
          ),
        );
      this.#handled.clear();
    } else if (bytes > this.#maxMessageBytes * LOST_STREAM_FACTOR) {
      void this.#lose(
        `the MCP server wrote over ${this.#maxMessageBytes * LOST_STREAM_FACTOR} bytes without a line break`,
      );
    }
  }

  #fail(id: RequestId, message: string): void {
    if (this.#pending.delete(id)) this.onmessage?.(transportFailure(id, message));
  }

  #refuseServerRequest(id: RequestId, message: string): void {
    void this.#child?.write({ jsonrpc: '2.0', id, error: { code: -32600, message } }).catch(() => undefined);
  }

  /** The stream is lost: end the process, fail what was pending, start another and initialise it as the client did. */
  async #lose(reason: string): Promise<void> {
    const lost = this.#child;
    if (lost === undefined || this.#restart !== undefined || this.#closed) return;
    this.#child = undefined;
    void lost.abandon();
    this.#handled.clear();
    this.#serverRequests.clear();
    const initialize = this.#initialize;
    const restart = initialize !== undefined && this.#answeredSinceRestart;
    const outcome = restart ? 'the MCP server was restarted' : 'the connection to the MCP server is closed';
    for (const id of [...this.#pending.keys()]) {
      this.#fail(
        id,
        `${capitalize(outcome)} because ${reason}; the tool may have run.${restart ? ' Try again, asking for less.' : ''}`,
      );
    }
    if (!restart) {
      this.onerror?.(new Error(`${capitalize(outcome)} because ${reason}.`));
      return this.close();
    }
    this.#restarts += 1;
    this.#answeredSinceRestart = false;
    this.#restart = { id: `toolwright-restart-${this.#restarts}`, queue: [] };
    try {
      this.#child = await this.#spawn();
      await this.#child.write({ ...initialize, id: this.#restart.id });
    } catch (error) {
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
      await this.close();
    }
  }

  #finishRestart(answer: JSONRPCMessage): void {
    const queue = this.#restart?.queue ?? [];
    this.#restart = undefined;
    if (isJSONRPCErrorResponse(answer)) {
      this.onerror?.(new Error(`The restarted MCP server refused to initialise: ${answer.error.message}`));
      void this.close();
      return;
    }
    void (async () => {
      await this.#child?.write({ jsonrpc: '2.0', method: 'notifications/initialized' });
      for (const message of queue) await this.send(message);
    })().catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
  }
}

function capitalize(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

function isCancellation(message: JSONRPCMessage): message is JSONRPCNotification {
  return isJSONRPCNotification(message) && message.method === 'notifications/cancelled';
}
