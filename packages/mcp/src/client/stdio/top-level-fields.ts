const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LONGEST_KEPT = 128;

type Phase = 'start' | 'key' | 'colon' | 'value' | 'primitive' | 'after' | 'end' | 'broken';

/**
 * What the top level of one JSON-RPC message says — its `id` and whether it has `method`,
 * `result` or `error` — read from the message's bytes in pieces, keeping none of them beyond a
 * few short values, so a message too large to keep can still be told apart: the answer to which
 * request, or a request or notification of the server. Keys and values nested deeper are
 * skipped (a long string in one jump), so the cost is one pass at native search speed.
 * A line that is not one JSON object is `broken` from the first byte that says so.
 */
export class TopLevelFields {
  /** The last top-level `id` that was a string or a number (as JSON.parse keeps the last of repeated keys). */
  id: string | number | undefined;
  /** True once a top-level `method` key was seen: a request or a notification. */
  hasMethod = false;
  /** True once a top-level `result` or `error` key was seen: an answer. */
  hasAnswer = false;
  #phase: Phase = 'start';
  #depth = 0;
  #inString = false;
  #escaped = false;
  #capture: number[] | undefined;
  #key = '';
  #value: number[] | undefined;

  /** True when the bytes so far are not (the start of) one JSON object. */
  get broken(): boolean {
    return this.#phase === 'broken';
  }

  /** Reads the next piece of the message. */
  feed(bytes: Uint8Array): void {
    let index = 0;
    while (index < bytes.length && this.#phase !== 'broken') {
      if (this.#inString) {
        index = this.#readString(bytes, index);
        continue;
      }
      this.#readStructure(bytes[index]!);
      index += 1;
    }
  }

  #readString(bytes: Uint8Array, from: number): number {
    if (this.#escaped) {
      this.#escaped = false;
      this.#capture?.push(bytes[from]!);
      return from + 1;
    }
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    const quote = buffer.indexOf(QUOTE, from);
    const backslash = buffer.indexOf(BACKSLASH, from);
    const stop = quote === -1 ? backslash : backslash === -1 ? quote : Math.min(quote, backslash);
    const end = stop === -1 ? bytes.length : stop;
    if (this.#capture !== undefined) this.#keep(bytes.subarray(from, end));
    if (stop === -1) return end;
    if (stop === backslash) {
      this.#capture?.push(BACKSLASH);
      this.#escaped = true;
      return stop + 1;
    }
    this.#inString = false;
    this.#endString();
    return stop + 1;
  }

  #keep(bytes: Uint8Array): void {
    const capture = this.#capture!;
    if (capture.length + bytes.length > LONGEST_KEPT) this.#capture = undefined;
    else capture.push(...bytes);
  }

  #readStructure(byte: number): void {
    if (byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a) {
      if (this.#phase === 'primitive') this.#endPrimitive();
      return;
    }
    if (this.#phase === 'start') {
      if (byte === 0x7b) [this.#phase, this.#depth] = ['key', 1];
      else this.#phase = 'broken';
      return;
    }
    if (this.#phase === 'end') {
      this.#phase = 'broken';
      return;
    }
    if (this.#depth > 1) return this.#readNested(byte);
    this.#readTopLevel(byte);
  }

  #readNested(byte: number): void {
    if (byte === QUOTE) this.#inString = true;
    else if (byte === 0x7b || byte === 0x5b) this.#depth += 1;
    else if (byte === 0x7d || byte === 0x5d) {
      this.#depth -= 1;
      if (this.#depth === 1) this.#phase = 'after';
    }
  }

  #readTopLevel(byte: number): void {
    switch (this.#phase) {
      case 'key':
        if (byte === 0x7d) [this.#phase, this.#depth] = ['end', 0];
        else if (byte === QUOTE) [this.#inString, this.#capture] = [true, []];
        else this.#phase = 'broken';
        return;
      case 'colon':
        this.#phase = byte === 0x3a ? 'value' : 'broken';
        return;
      case 'value':
        return this.#startValue(byte);
      case 'primitive':
        if (byte !== 0x2c && byte !== 0x7d) {
          if (this.#value !== undefined && this.#value.push(byte) > LONGEST_KEPT) this.#value = undefined;
          return;
        }
        this.#endPrimitive();
        return this.#endMember(byte);
      default:
        return this.#endMember(byte);
    }
  }

  /** After a member's value: a comma starts the next key, a brace ends the object. */
  #endMember(byte: number): void {
    if (byte === 0x2c) this.#phase = 'key';
    else if (byte === 0x7d) [this.#phase, this.#depth] = ['end', 0];
    else this.#phase = 'broken';
  }

  #startValue(byte: number): void {
    this.#phase = 'after';
    if (byte === QUOTE) {
      this.#inString = true;
      this.#capture = this.#key === 'id' ? [] : undefined;
    } else if (byte === 0x7b || byte === 0x5b) this.#depth += 1;
    else if (byte === 0x2c || byte === 0x7d) this.#phase = 'broken';
    else [this.#phase, this.#value] = ['primitive', this.#key === 'id' ? [byte] : undefined];
  }

  #endString(): void {
    const text = this.#capture === undefined ? undefined : Buffer.from(this.#capture).toString('utf8');
    this.#capture = undefined;
    if (this.#phase === 'key') {
      this.#key = text === undefined ? '' : (parseJsonString(text) ?? '');
      this.#phase = 'colon';
      if (this.#key === 'method') this.hasMethod = true;
      if (this.#key === 'result' || this.#key === 'error') this.hasAnswer = true;
    } else if (this.#key === 'id') {
      this.id = text === undefined ? undefined : parseJsonString(text);
    }
  }

  #endPrimitive(): void {
    this.#phase = 'after';
    if (this.#key !== 'id') return;
    const text = this.#value === undefined ? '' : Buffer.from(this.#value).toString('latin1');
    this.#value = undefined;
    this.id = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(text) ? Number(text) : undefined;
  }
}

function parseJsonString(inner: string): string | undefined {
  try {
    return JSON.parse(`"${inner}"`) as string;
  } catch {
    return undefined;
  }
}
