/**
 * Writes `chunk` into `ring`, a ring buffer into which `written` bytes have gone so far, and
 * returns the new count. Only the last `ring.length` bytes of a longer chunk are copied (the rest
 * would be overwritten at once), but every byte is counted. A ring of length 0 holds nothing.
 */
export function writeRing(ring: Uint8Array, written: number, chunk: Uint8Array): number {
  const size = ring.length;
  if (size === 0) return written + chunk.length;
  const rest = chunk.length > size ? chunk.subarray(chunk.length - size) : chunk;
  let total = written + chunk.length - rest.length;
  for (let index = 0; index < rest.length;) {
    const position = total % size;
    const room = Math.min(size - position, rest.length - index);
    ring.set(rest.subarray(index, index + room), position);
    total += room;
    index += room;
  }
  return total;
}

/**
 * A copy of the bytes `start` to `end` of all that went into `ring` (counted as {@link writeRing}
 * counts), in the order they were written. The range must still be held: at most `ring.length`
 * bytes, ending at or before the last byte written.
 */
export function readRing(ring: Uint8Array, start: number, end: number): Uint8Array {
  const size = ring.length;
  const out = new Uint8Array(end - start);
  for (let offset = 0; offset < out.length;) {
    const position = (start + offset) % size;
    const room = Math.min(size - position, out.length - offset);
    out.set(ring.subarray(position, position + room), offset);
    offset += room;
  }
  return out;
}
