/** The length of `bytes[0..end)` cut back so it does not end inside a UTF-8 sequence. */
export function completeUtf8Prefix(bytes: Uint8Array, end: number): number {
  let start = end;
  // Walk back over at most three continuation bytes to the lead byte of the last sequence.
  while (start > 0 && end - start < 4 && ((bytes[start - 1] as number) & 0xc0) === 0x80) start--;
  if (start === 0) return end;
  const lead = bytes[start - 1] as number;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return end - (start - 1) >= length ? end : start - 1;
}

/** The first index at or after `from` that is not a UTF-8 continuation byte (the start of a whole character). */
export function nextUtf8Boundary(bytes: Uint8Array, from: number): number {
  let index = from;
  while (index < bytes.length && index - from < 3 && ((bytes[index] as number) & 0xc0) === 0x80) index++;
  return index;
}
