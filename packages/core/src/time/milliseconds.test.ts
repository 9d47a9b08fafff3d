import { describe, expect, it } from 'vitest';
import { isMilliseconds, MAX_TIMER_MS, millisecondsProblem } from './milliseconds.js';

describe('millisecondsProblem: the one check of a duration option', () => {
  it('ST-2: whole milliseconds a timer can wait pass; anything else gets the one sentence, with the value', () => {
    for (const value of [1, 90_000, MAX_TIMER_MS])
      expect([value, millisecondsProblem('timeoutMs', value)]).toEqual([value, undefined]);
    const refused: [unknown, string][] = [
      [0, '0'],
      [-1, '-1'],
      [1.5, '1.5'],
      [MAX_TIMER_MS + 1, '2147483648'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      ['100', '100'],
      [undefined, 'undefined'],
      [null, 'null'],
    ];
    for (const [value, shown] of refused)
      expect(millisecondsProblem('timeoutMs', value)).toBe(
        `timeoutMs must be a whole number of milliseconds from 1 to 2,147,483,647, not ${shown}.`,
      );
  });

  it('ST-2: a range of its own is checked and named', () => {
    expect(millisecondsProblem('clockToleranceMs', 0, { min: 0, max: 86_400_000 })).toBeUndefined();
    expect(millisecondsProblem('clockToleranceMs', 86_400_001, { min: 0, max: 86_400_000 })).toBe(
      'clockToleranceMs must be a whole number of milliseconds from 0 to 86,400,000, not 86400001.',
    );
    expect([isMilliseconds(5, { max: 4 }), isMilliseconds(4, { max: 4 }), isMilliseconds('4')]).toEqual([
      false,
      true,
      false,
    ]);
  });
});
