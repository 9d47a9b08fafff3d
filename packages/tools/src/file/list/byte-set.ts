const SLASH = 0x2f;
const BACKSLASH = 0x5c;

/** A set of bytes, as eight 32-bit words (bit `b & 31` of word `b >> 5` is byte `b`). */
export type ByteSet = Uint32Array;

/** `?`: any byte but `/`. */
export const ANY_BYTE_BUT_SLASH: ByteSet = (() => {
  const set = new Uint32Array(8).fill(0xffffffff);
  set[SLASH >> 5] = (set[SLASH >> 5] as number) & ~(1 << (SLASH & 31));
  return set;
})();

/** The POSIX classes of `[[:name:]]`, ASCII only, as git defines them (its own ctype, not the C locale's). */
const CLASSES: Readonly<Record<string, (byte: number) => boolean>> = {
  alnum: (byte) => isAlpha(byte) || isDigit(byte),
  alpha: isAlpha,
  blank: (byte) => byte === 0x20 || byte === 0x09,
  cntrl: (byte) => byte < 0x20 || byte === 0x7f,
  digit: isDigit,
  graph: (byte) => byte > 0x20 && byte < 0x7f,
  lower: (byte) => byte >= 0x61 && byte <= 0x7a,
  print: (byte) => byte >= 0x20 && byte < 0x7f,
  punct: (byte) => byte > 0x20 && byte < 0x7f && !isAlpha(byte) && !isDigit(byte),
  // git's own isspace: no vertical tab, no form feed.
  space: (byte) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d,
  upper: (byte) => byte >= 0x41 && byte <= 0x5a,
  xdigit: (byte) => isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66),
};

function isAlpha(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

function isDigit(byte: number): boolean {
  return byte >= 0x30 && byte <= 0x39;
}

/**
 * The set of a `[…]` whose members start at `start` (after the `[`), read as git's `wildmatch`
 * reads it: `!` or `^` first negates; the first member may be `]`; `\x` is `x`; `a-z` a range
 * (not after a range, nor before the `]`); `[:alpha:]` and the other POSIX classes, ASCII only
 * (a `[:` without its `:]` is a `[`). `/` is never in it. `undefined` when the set is never closed
 * or names an unknown class.
 */
export function readByteSet(
  pattern: Uint8Array,
  start: number,
  to = pattern.length,
): { set: ByteSet; end: number } | undefined {
  const at = (index: number): number | undefined => (index < to ? pattern[index] : undefined);
  const members = new Uint32Array(8);
  const add = (byte: number): void => {
    members[byte >> 5] = (members[byte >> 5] as number) | (1 << (byte & 31));
  };
  let index = start;
  const negated = at(index) === 0x21 || at(index) === 0x5e;
  if (negated) index++;
  let previous = 0;
  for (let first = true; first || at(index) !== 0x5d; first = false) {
    let byte = at(index);
    if (byte === undefined) return undefined;
    if (byte === BACKSLASH) {
      byte = at(++index);
      if (byte === undefined) return undefined;
      add(byte);
    } else if (byte === 0x2d && previous !== 0 && at(index + 1) !== undefined && at(index + 1) !== 0x5d) {
      let last = at(++index) as number;
      if (last === BACKSLASH) {
        const escaped = at(++index);
        if (escaped === undefined) return undefined;
        last = escaped;
      }
      for (let member = previous; member <= last; member++) add(member);
      byte = 0;
    } else if (byte === 0x5b && at(index + 1) === 0x3a) {
      const close = findClassEnd(pattern, index + 2, to);
      if (close === undefined) return undefined;
      if (close.named === undefined) {
        add(0x5b);
      } else {
        const test = CLASSES[close.named];
        if (test === undefined) return undefined;
        for (let member = 0; member < 256; member++) if (test(member)) add(member);
        index = close.end;
        byte = 0;
      }
    } else {
      add(byte);
    }
    previous = byte;
    index++;
  }
  const set = new Uint32Array(8);
  for (let word = 0; word < 8; word++) set[word] = negated ? ~(members[word] as number) : (members[word] as number);
  set[SLASH >> 5] = (set[SLASH >> 5] as number) & ~(1 << (SLASH & 31));
  return { set, end: index + 1 };
}

/**
 * After `[:`: the class's name and the index of the `]` of its `:]`; no name when the first `]`
 * is not after a `:` (then the `[` is a member like any other); `undefined` when no `]` follows.
 */
function findClassEnd(pattern: Uint8Array, from: number, to: number): { named?: string; end: number } | undefined {
  let index = from;
  while (index < to && pattern[index] !== 0x5d) index++;
  if (index >= to) return undefined;
  if (index - from < 1 || pattern[index - 1] !== 0x3a) return { end: index };
  return { named: Buffer.from(pattern.subarray(from, index - 1)).toString('latin1'), end: index };
}
