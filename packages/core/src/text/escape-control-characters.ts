/**
 * What is escaped: the C0 controls (U+0000 to U+001F), DEL and the C1 controls (U+007F to U+009F:
 * ESC, and CSI as one character, start terminal escape sequences; NEL breaks a line), the line
 * and paragraph separators (U+2028, U+2029), and the marks and overrides that reorder text
 * (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
const ESCAPED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * `text` with its control characters escaped as JSON writes them (`\n`, `\t`, `\u0000`) and the
 * rest of what could break or disguise a line as `\u` escapes (`\u007f`, `\u009b`, `\u2028`,
 * `\u202e`; see {@link ESCAPED}), so a message or a log line naming a hostile value stays one
 * line, starts no terminal escape sequence and reads in the order it was written. Quotes,
 * backslashes and every other character are left as they are.
 */
export function escapeControlCharacters(text: string): string {
  return hasEscapedCharacter(text) ? text.replace(ESCAPED, escapeCharacter) : text;
}

/** A scan without a regular expression: most texts have nothing to escape, and this says so fastest. */
function hasEscapedCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
    if (code >= 0x61c && isEscapedAbove(code)) return true;
  }
  return false;
}

function isEscapedAbove(code: number): boolean {
  return (
    code === 0x61c ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

// JSON.stringify writes the C0 controls (`\n`, `\u0001`) and leaves the rest as they are: those get `\u` escapes.
function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return JSON.stringify(character).slice(1, -1);
  return `\\u${code.toString(16).padStart(4, '0')}`;
}
