/** `text` cut to at most `maxChars` UTF-16 units, never between the halves of a surrogate pair. */
export function cutText(text: string, maxChars: number): { readonly text: string; readonly cut: boolean } {
  if (text.length <= maxChars) return { text, cut: false };
  let end = maxChars;
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), cut: true };
}
