import { describe, expect, it } from 'vitest';
import { damerauLevenshtein, suggestName } from './did-you-mean.js';
import { formatViolations } from './violation.js';
import {
  depthViolation,
  enumViolation,
  NOT_EXECUTED,
  outputViolationSentence,
  patternViolation,
  requiredViolation,
  shapeViolation,
  typeViolation,
  unknownParameterViolation,
} from './violation-messages.js';

describe('violation sentences', () => {
  it('GV-2: the four sentences, character for character', () => {
    expect(requiredViolation('x', 'string').message).toBe(
      "Parameter 'x' is required (string). The tool was not executed.",
    );
    expect(typeViolation('x', ['integer']).message).toBe(
      "Parameter 'x' must be an integer. The tool was not executed.",
    );
    expect(enumViolation('x', ['a', 'b'], 'c').message).toBe(
      "Parameter 'x' must be one of [a, b], but was 'c'. The tool was not executed.",
    );
    expect(unknownParameterViolation('file_paht', 'file_path').message).toBe(
      "Unknown parameter 'file_paht'. Did you mean 'file_path'? The tool was not executed.",
    );
    expect(NOT_EXECUTED).toBe('The tool was not executed.');
  });

  it('GV-2: echoes only enum values, cut to 64 characters', () => {
    const long = 'v'.repeat(100);
    expect(enumViolation('mode', ['a'], long).message).toBe(
      `Parameter 'mode' must be one of [a], but was '${'v'.repeat(64)}…'. The tool was not executed.`,
    );
    expect(enumViolation('n', [1, 2], 3).message).toBe(
      "Parameter 'n' must be one of [1, 2], but was 3. The tool was not executed.",
    );
  });

  it('GV-2: control characters in echoed values and patterns are escaped, so a problem stays one line', () => {
    expect(enumViolation('mode', ['a\nb'], 'x\ny').message).toBe(
      "Parameter 'mode' must be one of [a\\nb], but was 'x\\ny'. The tool was not executed.",
    );
    expect(patternViolation('code', '^a\n$').message).toBe(
      "Parameter 'code' must match the pattern ^a\\n$. The tool was not executed.",
    );
  });

  it('GV-2: one line per problem', () => {
    expect(formatViolations([requiredViolation('a', 'string'), typeViolation('b', ['string', 'integer'])])).toBe(
      "Parameter 'a' is required (string). The tool was not executed.\nParameter 'b' must be a string or an integer. The tool was not executed.",
    );
  });
});

describe('did you mean', () => {
  it('GV-2: Damerau–Levenshtein counts an adjacent transposition as one edit', () => {
    expect(damerauLevenshtein('file_paht', 'file_path')).toBe(1);
    expect(damerauLevenshtein('', 'abc')).toBe(3);
    expect(damerauLevenshtein('kitten', 'sitting')).toBe(3);
    expect(damerauLevenshtein('ca', 'abc')).toBe(3);
  });

  it('GV-2: suggests the closest name within a third of its length, earlier declarations winning ties', () => {
    expect(suggestName('file_paht', ['path', 'file_path'])).toBe('file_path');
    expect(suggestName('FILE_PATH', ['file_path'])).toBe('file_path');
    expect(suggestName('limt', ['limit', 'lint'])).toBe('limit');
    expect(suggestName('colour', ['query', 'offset'])).toBeUndefined();
    expect(suggestName('x', ['y'])).toBe('y');
    expect(suggestName('ab', ['cd'])).toBeUndefined();
  });

  it('CO-4: every sentence in the voice of an output: fields, not parameters; nothing about a tool not run', () => {
    const table: [ReturnType<typeof typeViolation>, string][] = [
      [requiredViolation('hits[0].path', 'string'), "Field 'hits[0].path' is required (string)."],
      [typeViolation('total', ['integer', 'null']), "Field 'total' must be an integer or null."],
      [typeViolation('', ['object']), 'The output must be an object.'],
      [enumViolation('sky', ['sun', 'rain'], 'fog'), "Field 'sky' must be one of [sun, rain]."],
      [unknownParameterViolation('file_paht', 'file_path'), "Unknown field 'file_paht'. Did you mean 'file_path'?"],
      [unknownParameterViolation('secret'), "Unknown field 'secret'."],
      [patternViolation('id', '^a+$'), "Field 'id' must match the pattern ^a+$."],
      [shapeViolation('x', 'is not an allowed parameter name'), "Field 'x' is not an allowed field name."],
      [shapeViolation('', 'matches more than one allowed form'), 'The output matches more than one allowed form.'],
      [depthViolation(64), 'The output is nested deeper than 64 levels.'],
    ];
    for (const [violation, sentence] of table) expect(outputViolationSentence(violation)).toBe(sentence);
    // The value an enum violation holds is said only when asked for.
    expect(outputViolationSentence(enumViolation('sky', ['sun'], 'fog'), true)).toBe(
      "Field 'sky' must be one of [sun], but was 'fog'.",
    );
  });
});
