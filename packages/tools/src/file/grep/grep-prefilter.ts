import { Buffer } from 'node:buffer';
import { requiredLiterals } from './grep-literals.js';

/** The longest literal the prefilter searches for; any part of a required literal is required too. */
const MAX_NEEDLE_CHARACTERS = 64;

/**
 * ASCII letters whose case variants under RE2's folding include a character outside ASCII:
 * `k` matches `K` (U+212A KELVIN SIGN) and `s` matches `ſ` (U+017F), so no ASCII-only search
 * may stand for them under `-i`. (A test compares this with the engine over every code point.)
 */
export const LETTERS_FOLDING_OUTSIDE_ASCII = 'kKsS';

/**
 * How common each byte value is in source code and text, 0 the rarest: from 6,000 files (TypeScript,
 * JavaScript, JSON, Markdown, Python, YAML). The search jumps between occurrences of the needle's
 * rarest byte, as ripgrep does, and compares the rest there.
 */
const BYTE_RANKS = Buffer.from(
  'AAECAwQFBgcI2/YJCpMLDA0ODxAREhMUFRYXGBkaGxz/st+3r6C74+rr56vpz/DmzMa8rq2sqaSopeLkuuHCv7bcwdHL1MC0uNCqsMTFw83OtdLW172zuaOmnsqnyZ3Z0/fl9PP+7ezu+MfV9e/7+vK+/Pn98eDa2Oix3sjdgx2fnJuXiXprd5JpbISKXk9okVlkW5qVjHx2mIBWj35aYX9yUleBXH14eYttZ19ugnNwb1B0YFFVVIVjYmWHZnVdHh9qjkdKICEiSEBBRCNLRU1MJCUmJyhCKUYqKywtLi8wSaGiiJmUjYZxWJCWe0NTTjEyMzQ1Njc4OTo7PD0+Pw==',
  'base64',
);

/**
 * Finds, in a file's raw bytes, the places where a match may be (SPEC PF-3): every match of the
 * pattern contains one required literal, so a file or line whose bytes hold no occurrence of it
 * (under `-i`, no ASCII case variant) cannot match, and is neither decoded nor given to the engine.
 */
export interface BytePrefilter {
  /** The literal searched for, as the pattern spells it. */
  readonly needle: string;
  /** The offset in `bytes` of the first occurrence at or after `from`, or -1 when there is none. */
  find(bytes: Buffer, from: number): number;
  /** False when these bytes are beyond what the prefilter can speak for: then every line is a candidate. */
  covers(bytes: Buffer): boolean;
}

/**
 * The prefilter for a pattern in RE2 syntax, or `undefined` when no literal can serve: none is
 * required; it holds a line break (lines are matched without theirs, and CRLF is read as LF) or
 * U+FFFD (which invalid UTF-8 decodes to); or, under `-i`, no piece of it is plain ASCII whose
 * letters fold only within ASCII.
 */
export function createBytePrefilter(source: string, ignoreCase: boolean): BytePrefilter | undefined {
  const pieces = requiredLiterals(source)
    .flatMap((literal) => literal.split(ignoreCase ? FOLD_UNSAFE : BYTE_UNSAFE))
    .filter((piece) => piece !== '' && Buffer.from(piece, 'utf8').toString('utf8') === piece) // no lone surrogate
    .map((piece) => [...piece].slice(0, MAX_NEEDLE_CHARACTERS).join(''));
  const needle = pieces.reduce<string | undefined>(
    (best, piece) => (best === undefined || Buffer.byteLength(piece) > Buffer.byteLength(best) ? piece : best),
    undefined,
  );
  return needle === undefined ? undefined : new NeedleSearch(needle, ignoreCase);
}

/** Characters no byte search may stand for: line breaks and the replacement character. */
const BYTE_UNSAFE = /[\r\n\uFFFD]/;
/** Under `-i`, also everything outside ASCII and the letters whose case variants leave it. */
const FOLD_UNSAFE = new RegExp(`[^\\x00-\\x7F]|[\\r\\n${LETTERS_FOLDING_OUTSIDE_ASCII}]`, 'u');

const isAsciiLetter = (byte: number): boolean => (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a;

/** A literal's bytes, found by jumping (memchr) between occurrences of its rarest byte; under `-i`, of either case of it. */
class NeedleSearch implements BytePrefilter {
  readonly needle: string;
  /** The needle's bytes; under `-i`, lower case. */
  readonly #bytes: Buffer;
  /** Per byte, what to OR into the text's byte before comparing: 0x20 for letters under `-i`, else 0. */
  readonly #fold: Uint8Array;
  /** Where in the needle the anchor byte sits, and its value(s): the second is its upper case under `-i`. */
  readonly #anchorAt: number;
  readonly #anchors: readonly number[];

  constructor(needle: string, ignoreCase: boolean) {
    this.needle = needle;
    this.#bytes = Buffer.from(ignoreCase ? needle.toLowerCase() : needle, 'utf8');
    this.#fold = this.#bytes.map((byte) => (ignoreCase && isAsciiLetter(byte) ? 0x20 : 0));
    let best = 0;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const [index, byte] of this.#bytes.entries()) {
      const folded = this.#fold[index] !== 0;
      // A letter under -i costs two scans (both cases): the commoner case counts, twice.
      const cost = folded ? 2 * Math.max(rank(byte), rank(byte & ~0x20)) : 2 * rank(byte);
      if (cost < bestCost) [best, bestCost] = [index, cost];
    }
    this.#anchorAt = best;
    const anchor = this.#bytes[best] ?? 0;
    this.#anchors = this.#fold[best] !== 0 ? [anchor, anchor & ~0x20] : [anchor];
  }

  covers(): boolean {
    return true;
  }

  find(bytes: Buffer, from: number): number {
    const [first, second] = this.#anchors;
    const last = bytes.length - this.#bytes.length;
    const start = from + this.#anchorAt;
    let lower = bytes.indexOf(first ?? 0, start);
    let upper = second === undefined ? -1 : bytes.indexOf(second, start);
    while (lower !== -1 || upper !== -1) {
      const useLower = upper === -1 || (lower !== -1 && lower < upper);
      const at = useLower ? lower : upper;
      const begin = at - this.#anchorAt;
      if (begin > last) return -1;
      if (this.#matchesAt(bytes, begin)) return begin;
      if (useLower) lower = bytes.indexOf(first ?? 0, at + 1);
      else upper = bytes.indexOf(second ?? 0, at + 1);
    }
    return -1;
  }

  #matchesAt(bytes: Buffer, begin: number): boolean {
    const needle = this.#bytes;
    const fold = this.#fold;
    for (let index = 0; index < needle.length; index++) {
      if (((bytes[begin + index] ?? 0) | (fold[index] ?? 0)) !== needle[index]) return false;
    }
    return true;
  }
}

function rank(byte: number): number {
  return BYTE_RANKS[byte] ?? 0;
}
