/**
 * How many characters (Unicode code points) `text` holds: a surrogate pair counts once, as the
 * one character it encodes; a lone half counts as one. What a message that says "characters"
 * counts, where `text.length` would count UTF-16 units.
 */
export function countCharacters(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length - 1; index++) {
    const unit = text.charCodeAt(index);
    if (unit < 0xd800 || unit > 0xdbff) continue;
    const next = text.charCodeAt(index + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      count--;
      index++;
    }
  }
  return count;
}
