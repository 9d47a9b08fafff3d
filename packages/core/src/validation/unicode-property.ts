import { RE2JS } from 're2js';

/**
 * ECMAScript's `\p{…}` names that the linear-time engine matches exactly as V8 does (same Unicode
 * tables; compared code point by code point over all of Unicode when this list was made). Every
 * other name is refused rather than guessed.
 */

/** General categories: ECMAScript's short and long value names, each with RE2's short name. */
const GENERAL_CATEGORIES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    L: 'Letter',
    LC: 'Cased_Letter',
    Lu: 'Uppercase_Letter',
    Ll: 'Lowercase_Letter',
    Lt: 'Titlecase_Letter',
    Lm: 'Modifier_Letter',
    Lo: 'Other_Letter',
    M: 'Mark',
    Mn: 'Nonspacing_Mark',
    Mc: 'Spacing_Mark',
    Me: 'Enclosing_Mark',
    N: 'Number',
    Nd: 'Decimal_Number',
    Nl: 'Letter_Number',
    No: 'Other_Number',
    P: 'Punctuation',
    Pc: 'Connector_Punctuation',
    Pd: 'Dash_Punctuation',
    Ps: 'Open_Punctuation',
    Pe: 'Close_Punctuation',
    Pi: 'Initial_Punctuation',
    Pf: 'Final_Punctuation',
    Po: 'Other_Punctuation',
    S: 'Symbol',
    Sm: 'Math_Symbol',
    Sc: 'Currency_Symbol',
    Sk: 'Modifier_Symbol',
    So: 'Other_Symbol',
    Z: 'Separator',
    Zs: 'Space_Separator',
    Zl: 'Line_Separator',
    Zp: 'Paragraph_Separator',
    C: 'Other',
    Cc: 'Control',
    Cf: 'Format',
    Cs: 'Surrogate',
    Co: 'Private_Use',
    Cn: 'Unassigned',
  }).flatMap(([short, long]) => [
    [short, short],
    [long, short],
  ]),
);

/** Binary properties RE2 knows under ECMAScript's long name and matches identically. */
const BINARY_PROPERTIES: ReadonlySet<string> = new Set([
  'ASCII_Hex_Digit',
  'Alphabetic',
  'Any',
  'Assigned',
  'Dash',
  'Emoji',
  'Emoji_Component',
  'Emoji_Modifier',
  'Emoji_Modifier_Base',
  'Emoji_Presentation',
  'Extended_Pictographic',
  'Hex_Digit',
  'Lowercase',
  'Math',
  'Quotation_Mark',
  'Terminal_Punctuation',
  'Uppercase',
  'White_Space',
]);

/** What a `\p{…}` body stands for: an RE2 property name, or `ASCII` (code points 0–127). */
export type UnicodeProperty = { readonly re2: string } | { readonly ascii: true };

/**
 * Resolves the body of `\p{…}` (`L`, `Letter`, `gc=Lu`, `Script=Greek`, `Alphabetic`, `ASCII`) to
 * what the linear-time engine matches identically, or returns why it cannot.
 */
export function resolveUnicodeProperty(body: string): UnicodeProperty | string {
  const equals = body.indexOf('=');
  if (equals === -1) {
    const category = GENERAL_CATEGORIES.get(body);
    if (category !== undefined) return { re2: category };
    if (body === 'ASCII') return { ascii: true };
    if (BINARY_PROPERTIES.has(body)) return { re2: body };
    return `\\p{${body}} is not a Unicode property the linear-time engine matches exactly like ECMAScript`;
  }
  const name = body.slice(0, equals);
  const value = body.slice(equals + 1);
  if (name === 'General_Category' || name === 'gc') {
    const category = GENERAL_CATEGORIES.get(value);
    if (category !== undefined) return { re2: category };
    return `${value} is not a Unicode general category`;
  }
  if (name === 'Script' || name === 'sc') {
    if (isScriptName(value)) return { re2: value };
    return `${value} is not a Unicode script name the linear-time engine knows (write the full name, like Script=Greek)`;
  }
  return `\\p{${body}} is not a Unicode property the linear-time engine matches exactly like ECMAScript`;
}

const SCRIPT_NAME = /^[A-Z][A-Za-z_]*$/;

/**
 * True for a script's full name (`Greek`, `Old_Italic`) that both ECMAScript and RE2 know as a
 * script. Only compiled, never run, on V8: the name is a plain identifier.
 */
function isScriptName(value: string): boolean {
  if (!SCRIPT_NAME.test(value) || GENERAL_CATEGORIES.has(value) || BINARY_PROPERTIES.has(value)) return false;
  try {
    new RegExp(`\\p{Script=${value}}`, 'u');
    RE2JS.compile(`\\p{${value}}`);
    return true;
  } catch {
    return false;
  }
}
