// Reads the opening of a proxy connection (a SOCKS5 greeting and request, an HTTP head) one message at a time.
import type { Socket } from 'node:net';

/** What a parser makes of the bytes read so far: `undefined` while it needs more, else its value and how many bytes it used. */
export type Parsed<Value> = { readonly value: Value; readonly length: number } | undefined;

/** A read's outcome: the parsed value, or why there is none (the client ended, or sent more than the reader holds). */
export type ReadOutcome<Value> =
  { readonly ok: true; readonly value: Value } | { readonly ok: false; readonly failure: 'ended' | 'too-large' };

/**
 * Buffers what a client sends, up to `maximumBytes` beyond what the messages read so far used, and
 * hands it to one parser at a time. {@link release} stops reading and returns the bytes no
 * message used, for the destination.
 */
export class HandshakeReader {
  #buffered: Buffer = Buffer.alloc(0);
  #ended = false;
  #wake: (() => void) | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly maximumBytes: number,
  ) {
    socket.on('data', this.#onData);
    socket.on('end', this.#onEnd);
    socket.on('close', this.#onEnd);
  }

  /** Waits until `parse` makes a value of the buffered bytes, the client ends, or the buffer is over its limit. */
  read<Value>(parse: (buffer: Buffer) => Parsed<Value>): Promise<ReadOutcome<Value>> {
    return new Promise((resolve) => {
      const attempt = (): void => {
        const parsed = parse(this.#buffered);
        if (parsed !== undefined) {
          this.#buffered = this.#buffered.subarray(parsed.length);
          resolve({ ok: true, value: parsed.value });
        } else if (this.#buffered.length > this.maximumBytes) resolve({ ok: false, failure: 'too-large' });
        else if (this.#ended) resolve({ ok: false, failure: 'ended' });
        else this.#wake = attempt;
      };
      attempt();
    });
  }

  /** Stops reading (the socket is paused until it is piped) and returns the bytes no message used. */
  release(): Buffer {
    this.socket.pause();
    this.socket.off('data', this.#onData);
    this.socket.off('end', this.#onEnd);
    this.socket.off('close', this.#onEnd);
    this.#wake = undefined;
    const rest = this.#buffered;
    this.#buffered = Buffer.alloc(0);
    return rest;
  }

  readonly #onData = (chunk: Buffer): void => {
    this.#buffered = this.#buffered.length === 0 ? chunk : Buffer.concat([this.#buffered, chunk]);
    this.#continue();
  };

  readonly #onEnd = (): void => {
    this.#ended = true;
    this.#continue();
  };

  #continue(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}
