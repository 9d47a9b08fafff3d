// eslint-disable-next-line no-control-regex -- control characters are exactly what this escapes
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * `text` with its control characters (U+0000 to U+001F and U+007F) escaped as JSON writes them
 * (`\n`, `\t`, `\u0000`, `\u007f`), so a message naming a hostile value stays one line. Quotes,
 * backslashes and every other character are left as they are.
 */
export function escapeControlCharacters(text: string): string {
  return hasControlCharacter(text) ? text.replace(CONTROL_CHARACTERS, escapeCharacter) : text;
}

/** A scan without a regular expression: most texts have no control character, and this says so fastest. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

// JSON.stringify leaves DEL as it is; it is written as JSON would write any other control character.
function escapeCharacter(character: string): string {
  return character === '\u007f' ? '\\u007f' : JSON.stringify(character).slice(1, -1);
}
