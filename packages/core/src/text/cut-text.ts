/**
 * How many UTF-16 units of `text` a cut at `maxChars` keeps: all of it when it fits; else
 * `maxChars` (rounded down; none for a count below 1), one fewer when the cut would fall between
 * the halves of a surrogate pair.
 */
export function cutLength(text: string, maxChars: number): number {
  if (text.length <= maxChars) return text.length;
  if (!(maxChars >= 1)) return 0;
  const end = Math.floor(maxChars);
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/** `text` cut to at most `maxChars` UTF-16 units, never between the halves of a surrogate pair (see {@link cutLength}). */
export function cutText(text: string, maxChars: number): { readonly text: string; readonly cut: boolean } {
  const end = cutLength(text, maxChars);
  return end === text.length ? { text, cut: false } : { text: text.slice(0, end), cut: true };
}

/** `text` for a message: whole when it fits in `maxChars`, else cut as {@link cutText} cuts and ended with `…`. */
export function shortenText(text: string, maxChars: number): string {
  const cut = cutText(text, maxChars);
  return cut.cut ? `${cut.text}…` : text;
}
