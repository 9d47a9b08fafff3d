import type { Transport } from '@modelcontextprotocol/client';
import {
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  parseJSONRPCMessage,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
} from '@modelcontextprotocol/client';
import { PassThrough } from 'node:stream';
import { CallLedger, isCancellation } from './call-ledger.js';
import type { OversizeLine } from './json-line-reader.js';
import { StdioChild } from './stdio-child.js';
import type { StdioServerTarget } from './stdio-server-target.js';
import { describeLine } from './describe-line.js';
import { answerTooLarge, transportFailure } from '../../errors/transport-failure.js';

/** A line that goes on this many times past the message limit without a newline means the stream is lost. */
const LOST_STREAM_FACTOR = 16;

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
 *   ended and started again, the client's opening (`initialize` or `server/discover`) replayed to it, and the calls pending
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
  readonly #ledger = new CallLedger();
  readonly #handled = new Set<RequestId>();
  #child: StdioChild | undefined;
  #initialize: JSONRPCRequest | undefined;
  /** Messages waiting for a notification before them to be handled (see {@link #deliver}). */
  readonly #held: JSONRPCMessage[] = [];
  #holding = false;
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
    // The opening a restarted server is given again: `initialize` (2025 revisions) or `server/discover`
    // (2026-07-28); the last one sent, as an `initialize` follows a probe the server did not take.
    if (isJSONRPCRequest(message) && (message.method === 'initialize' || message.method === 'server/discover'))
      this.#initialize = message;
    if (!this.#ledger.sent(message)) return;
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

  #receiveLine(text: string): void {
    let message: JSONRPCMessage;
    try {
      message = parseJSONRPCMessage(JSON.parse(text));
    } catch (error) {
      return this.#receiveInvalid(text, error);
    }
    if (!isJSONRPCRequest(message) && !isJSONRPCNotification(message)) {
      if (message.id !== undefined && message.id === this.#restart?.id) return this.#finishRestart(message);
      this.#answeredSinceRestart = true;
    }
    this.#ledger.received(message);
    this.#deliver(message);
  }

  /**
   * Hands a message to the client in order, a notification's handling done before what follows:
   * the SDK client handles a notification a few microtasks later but an answer at once, so a
   * call's last progress notifications, read in the same chunk as its answer, would reach a call
   * already ended (and be dropped). What follows a notification waits for the next turn of the
   * event loop.
   */
  #deliver(message: JSONRPCMessage): void {
    if (this.#held.length > 0 || this.#holding) {
      this.#held.push(message);
      return;
    }
    this.onmessage?.(message);
    if (isJSONRPCNotification(message)) this.#hold();
  }

  #hold(): void {
    this.#holding = true;
    setImmediate(() => {
      this.#holding = false;
      while (this.#held.length > 0 && !this.#closed) {
        const next = this.#held.shift()!;
        this.onmessage?.(next);
        if (isJSONRPCNotification(next)) return this.#hold();
      }
      this.#held.length = 0;
    });
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
    if (this.#ledger.settle(id)) this.#deliver(transportFailure(id, message));
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
    this.#ledger.forgetServerRequests();
    const initialize = this.#initialize;
    const restart = initialize !== undefined && this.#answeredSinceRestart;
    const failure = restart
      ? `The MCP server was restarted because ${reason}; the tool may have run. Try again, asking for less.`
      : `The connection to the MCP server is closed because ${reason}; the tool may have run.`;
    for (const id of this.#ledger.pending()) this.#fail(id, failure);
    if (!restart) {
      this.onerror?.(new Error(`The connection to the MCP server is closed because ${reason}.`));
      return this.close();
    }
    this.#restarts += 1;
    this.#answeredSinceRestart = false;
    this.#restart = { id: `toolwright-restart-${this.#restarts}`, queue: [] };
    try {
      const child = await this.#spawn();
      if (this.#closed) return void child.abandon();
      this.#child = child;
      await child.write({ ...initialize, id: this.#restart.id });
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
    // Written in order without waiting in between, so a message sent meanwhile cannot come first.
    const child = this.#child;
    if (child === undefined) return;
    const writes = [
      ...(this.#initialize?.method === 'initialize'
        ? [child.write({ jsonrpc: '2.0', method: 'notifications/initialized' })]
        : []),
      ...queue.map((message) => this.send(message)),
    ];
    Promise.all(writes).catch((error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
