import { Buffer, isAscii } from 'node:buffer';
import type { BytePrefilter } from './grep-prefilter.js';

/** The most bytes a set may hold: each is one scan of the file (memchr), so more would cost more than the automaton. */
const MAX_SET_BYTES = 10;

/**
 * A prefilter for patterns with no required literal (SPEC PF-3): the bytes one of which every
 * matching line holds, as the line automaton names them (`[0-9]x?[a-z]` needs a digit). Each byte
 * is found with memchr and the nearest occurrence wins. When a code point outside ASCII may start
 * a match too, the set covers only files that are all ASCII. `undefined` when the set is too large
 * to pay.
 */
export function createByteSetPrefilter(
  required: { readonly ascii: readonly number[]; readonly wide: boolean } | undefined,
): BytePrefilter | undefined {
  if (required === undefined || required.ascii.length > MAX_SET_BYTES) return undefined;
  return new ByteSetSearch(required.ascii, required.wide);
}

class ByteSetSearch implements BytePrefilter {
  readonly needle: string;
  readonly #bytes: readonly number[];
  readonly #wide: boolean;
  /** The last searched bytes, and where each set byte next occurs there at or after `#from` (-1: nowhere). */
  #view: Buffer | undefined;
  #from = 0;
  readonly #next: number[];

  constructor(bytes: readonly number[], wide: boolean) {
    this.needle = `[${Buffer.from(bytes).toString('latin1')}]`;
    this.#bytes = bytes;
    this.#wide = wide;
    this.#next = bytes.map(() => -1);
  }

  covers(bytes: Buffer): boolean {
    return !this.#wide || isAscii(bytes);
  }

  find(bytes: Buffer, from: number): number {
    const fresh = bytes !== this.#view || from < this.#from;
    this.#view = bytes;
    this.#from = from;
    let nearest = -1;
    for (let index = 0; index < this.#bytes.length; index++) {
      let next = this.#next[index] ?? -1;
      if (fresh || (next !== -1 && next < from)) next = bytes.indexOf(this.#bytes[index] ?? 0, from);
      this.#next[index] = next;
      if (next !== -1 && (nearest === -1 || next < nearest)) nearest = next;
    }
    return nearest;
  }
}
