/** Where JSON text breaks the grammar, and how, in words that quote none of the text. */
export interface JsonSyntaxError {
  /** The line of the first character that breaks the grammar (1 for the first line). */
  readonly line: number;
  /** Its column, in characters from the start of the line (1 for the first). */
  readonly column: number;
  /** What is wrong there: what was expected, or what kind of text was found. */
  readonly problem: string;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z0-9_$]+/y;
const VALUE = 'expected a value (a string in double quotes, a number, an object, an array, true, false or null)';

/** What the scanner waits for next. */
type Expecting = 'value' | 'value-or-end' | 'key-or-end' | 'key' | 'colon' | 'after-value';

/**
 * The first place `text` breaks the JSON grammar (RFC 8259, as `JSON.parse` reads it), or
 * `undefined` when it is valid JSON. A message built from it says where and what kind of
 * mistake, never the text itself: arguments may hold secrets, and `JSON.parse`'s own messages
 * quote the text around the mistake. One pass, no recursion, so any depth and size is fine.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const open: ('{' | '[')[] = [];
  let expecting: Expecting = 'value';
  let afterComma = false;
  let index = 0;
  const fail = (problem: string) => ({ ...locate(text, index), problem });
  for (;;) {
    while (index < text.length && WHITESPACE.has(text[index] as string)) index++;
    if (index >= text.length) {
      if (expecting === 'after-value' && open.length === 0) return undefined;
      return fail(endProblem(text, open, expecting));
    }
    const character = text[index] as string;
    const container = open[open.length - 1];
    if (expecting === 'after-value') {
      if (container === undefined) return fail('unexpected text after the JSON value');
      const close = container === '{' ? '}' : ']';
      if (character === close) {
        open.pop();
        index++;
      } else if (character === ',') {
        expecting = container === '{' ? 'key' : 'value';
        afterComma = true;
        index++;
      } else {
        return fail(
          container === '{' ? "expected ',' or '}' after a property value" : "expected ',' or ']' after an array item",
        );
      }
      continue;
    }
    if (expecting === 'colon') {
      if (character !== ':') return fail("expected ':' after the property name");
      expecting = 'value';
      afterComma = false;
      index++;
      continue;
    }
    if (expecting === 'key' || expecting === 'key-or-end') {
      if (character === '}' && expecting === 'key-or-end') {
        open.pop();
        expecting = 'after-value';
        index++;
        continue;
      }
      if (character !== '"') {
        return fail(
          afterComma && character === '}'
            ? "a property is missing after ',' (JSON allows no trailing comma)"
            : 'expected a property name in double quotes',
        );
      }
      const end = scanString(text, index);
      if (typeof end !== 'number') return { ...locate(text, end.at), problem: end.problem };
      index = end;
      expecting = 'colon';
      continue;
    }
    // A value (or, right after '[', the end of the array).
    if (character === ']' && expecting === 'value-or-end') {
      open.pop();
      expecting = 'after-value';
      index++;
      continue;
    }
    if (character === '{' || character === '[') {
      open.push(character);
      expecting = character === '{' ? 'key-or-end' : 'value-or-end';
      afterComma = false;
      index++;
      continue;
    }
    if (character === '"') {
      const end = scanString(text, index);
      if (typeof end !== 'number') return { ...locate(text, end.at), problem: end.problem };
      index = end;
    } else if (character === '-' || (character >= '0' && character <= '9')) {
      const end = scanNumber(text, index);
      if (end === undefined) return fail('an invalid number');
      index = end;
    } else if (/[A-Za-z]/.test(character)) {
      WORD.lastIndex = index;
      const word = (WORD.exec(text) as RegExpExecArray)[0];
      if (word !== 'true' && word !== 'false' && word !== 'null') {
        return fail('a word that is not true, false or null (strings need double quotes)');
      }
      index += word.length;
    } else {
      return fail(
        afterComma && character === ']' ? "a value is missing after ',' (JSON allows no trailing comma)" : VALUE,
      );
    }
    expecting = 'after-value';
  }
}

/** The index after a string that starts at `start` (a `"`), or where and why it is broken. */
function scanString(text: string, start: number): number | { at: number; problem: string } {
  for (let index = start + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return index + 1;
    if (code < 0x20) return { at: index, problem: 'a control character inside a string (escape it, as \\n or \\t)' };
    if (code !== 0x5c) continue;
    const escaped = text[index + 1];
    if (escaped === 'u') {
      if (!/^[0-9A-Fa-f]{4}$/.test(text.slice(index + 2, index + 6))) {
        return { at: index, problem: 'an invalid \\u escape in a string (four hexadecimal digits must follow)' };
      }
      index += 5;
    } else if (escaped !== undefined && ESCAPES.has(escaped)) {
      index++;
    } else if (escaped !== undefined) {
      return { at: index, problem: 'an invalid escape in a string (a backslash must be doubled)' };
    }
  }
  return { at: text.length, problem: 'the text ends inside a string (a closing " is missing)' };
}

/** The index after a number that starts at `start`, or `undefined` when it breaks the grammar there. */
function scanNumber(text: string, start: number): number | undefined {
  NUMBER.lastIndex = start;
  const match = NUMBER.exec(text);
  if (match === null) return undefined;
  const end = start + match[0].length;
  // `01`, `1.`, `1e`, `.5`: a number may not run on with digits, a dot or an exponent.
  return /[0-9.eE+-]/.test(text[end] ?? '') ? undefined : end;
}

function endProblem(text: string, open: readonly string[], expecting: Expecting): string {
  if (text.trim() === '') return 'the text is empty (the arguments are a JSON object, such as {})';
  const container = open[open.length - 1];
  if (container === '{' && (expecting === 'after-value' || expecting === 'key-or-end')) {
    return "the text ends inside an object (a '}' is missing)";
  }
  if (container === '[' && (expecting === 'after-value' || expecting === 'value-or-end')) {
    return "the text ends inside an array (a ']' is missing)";
  }
  return `the text ends where it ${expecting === 'colon' ? "expected ':'" : expecting === 'key' ? 'expected a property name' : 'expected a value'}`;
}

/** Line and column (both from 1) of `index` in `text`. */
function locate(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: index - lineStart + 1 };
}
