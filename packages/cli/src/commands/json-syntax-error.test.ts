import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError } from './json-syntax-error.js';

const VALUE = 'expected a value (a string in double quotes, a number, an object, an array, true, false or null)';

describe('findJsonSyntaxError', () => {
  it.each([
    ['', 1, 1, 'the text is empty (the arguments are a JSON object, such as {})'],
    ['  \n ', 2, 2, 'the text is empty (the arguments are a JSON object, such as {})'],
    ['not json', 1, 1, 'a word that is not true, false or null (strings need double quotes)'],
    ['{"a": x}', 1, 7, 'a word that is not true, false or null (strings need double quotes)'],
    ["{'a': 1}", 1, 2, 'expected a property name in double quotes'],
    ['{a: 1}', 1, 2, 'expected a property name in double quotes'],
    ['{"a" 1}', 1, 6, "expected ':' after the property name"],
    ['{"a": 1 "b": 2}', 1, 9, "expected ',' or '}' after a property value"],
    ['{"a": 1,}', 1, 9, "a property is missing after ',' (JSON allows no trailing comma)"],
    ['[1, 2,]', 1, 7, "a value is missing after ',' (JSON allows no trailing comma)"],
    ['[1 2]', 1, 4, "expected ',' or ']' after an array item"],
    ['{"a": 1}}', 1, 9, 'unexpected text after the JSON value'],
    ['{"a": 1} x', 1, 10, 'unexpected text after the JSON value'],
    ['{"a": }', 1, 7, VALUE],
    ['{"a": 01}', 1, 7, 'an invalid number'],
    ['{"a": 1.}', 1, 7, 'an invalid number'],
    ['{"a": -}', 1, 7, 'an invalid number'],
    ['{"a": .5}', 1, 7, VALUE],
    ['{"a": NaN}', 1, 7, 'a word that is not true, false or null (strings need double quotes)'],
    ['{"a": "x\ty"}', 1, 9, 'a control character inside a string (escape it, as \\n or \\t)'],
    ['{"a": "\\x"}', 1, 8, 'an invalid escape in a string (a backslash must be doubled)'],
    ['{"a": "\\u12G4"}', 1, 8, 'an invalid \\u escape in a string (four hexadecimal digits must follow)'],
    ['{"a": "open', 1, 12, 'the text ends inside a string (a closing " is missing)'],
    ['{"a": 1', 1, 8, "the text ends inside an object (a '}' is missing)"],
    ['{"a": [1, 2', 1, 12, "the text ends inside an array (a ']' is missing)"],
    ['{"a":', 1, 6, 'the text ends where it expected a value'],
    ['{"a"', 1, 5, "the text ends where it expected ':'"],
    ['{"a": 1,', 1, 9, 'the text ends where it expected a property name'],
    ['{\n  "a": 1,\n  "b": ?\n}', 3, 8, VALUE],
  ])('CL-4: %j breaks at line %i, column %i: %s', (text, line, column, problem) => {
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(findJsonSyntaxError(text)).toEqual({ line, column, problem });
  });

  it('CL-4: valid JSON has no syntax error, nested deep as JSON.parse allows', () => {
    for (const text of [
      '{}',
      ' [] ',
      '{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n",{"b":{}}]}',
      '"x"',
      '0',
      '\n{"é": "\u2028"}\r\n',
    ]) {
      expect(findJsonSyntaxError(text)).toBeUndefined();
    }
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(findJsonSyntaxError(deep)).toBeUndefined();
    expect(findJsonSyntaxError(deep.slice(0, -1))).toEqual({
      line: 1,
      column: 400_000,
      problem: "the text ends inside an array (a ']' is missing)",
    });
  });

  it('CL-4: it agrees with JSON.parse on what is JSON, for any text near JSON', () => {
    const pieces = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      '\\',
      'a',
      '"a"',
      '1',
      '-',
      '.',
      'e',
      '0',
      ' ',
      '\n',
      'true',
      'nul',
      '\t',
      'u',
      '\u0001',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.json(),
          fc.array(pieces, { maxLength: 24 }).map((parts) => parts.join('')),
        ),
        (text) => {
          let valid = true;
          try {
            JSON.parse(text);
          } catch {
            valid = false;
          }
          expect(findJsonSyntaxError(text) === undefined).toBe(valid);
        },
      ),
      { numRuns: 3_000 },
    );
  });

  it('CL-4: the problem never quotes the text: a secret next to the mistake appears nowhere in it', () => {
    for (const text of [
      '{"token": "sk-SECRET-123" x}',
      '{"token": sk-SECRET-123}',
      '{"sk-SECRET-123" "x"}',
      "{'sk-SECRET-123': 1}",
    ]) {
      expect(JSON.stringify(findJsonSyntaxError(text))).not.toMatch(/SECRET|sk-/);
    }
  });
});
