// The did-you-mean distance gives up early (a common prefix and suffix left out, a table abandoned
// once a whole row is past the limit); it must still answer exactly what the full table answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { damerauLevenshtein, suggestName } from './did-you-mean.js';

/** The whole optimal-string-alignment table, with nothing cut short. */
function fullTable(left: string, right: string): number {
  const columns = right.length + 1;
  const table: number[] = [];
  for (let row = 0; row <= left.length; row++) {
    for (let column = 0; column < columns; column++) {
      if (row === 0 || column === 0) {
        table.push(row + column);
        continue;
      }
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(
        table[(row - 1) * columns + column]! + 1,
        table[row * columns + column - 1]! + 1,
        table[(row - 1) * columns + column - 1]! + cost,
      );
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        best = Math.min(best, table[(row - 2) * columns + column - 2]! + 1);
      }
      table.push(best);
    }
  }
  return table[table.length - 1]!;
}

/** The suggestion as the rule states it, every candidate's full distance compared. */
function fullSuggestion(typed: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = fullTable(typed.toLowerCase(), candidate.toLowerCase());
    const limit = Math.max(1, Math.floor(Math.max(typed.length, candidate.length) / 3));
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

// Few characters, so strings share prefixes, suffixes and transposable pairs often.
const name = fc.string({ unit: fc.constantFrom('a', 'b', 'B', '_'), maxLength: 14 });

describe('did you mean, cut short', () => {
  it('GV-2: the distance is the full table’s, for any two names', () => {
    fc.assert(
      fc.property(name, name, (left, right) => {
        expect(damerauLevenshtein(left, right)).toBe(fullTable(left, right));
      }),
      { numRuns: 3000 },
    );
  });

  it('GV-2: the suggestion is the one the full distances give, ties and limits included', () => {
    fc.assert(
      fc.property(name, fc.array(name, { maxLength: 6 }), (typed, candidates) => {
        expect(suggestName(typed, candidates)).toBe(fullSuggestion(typed, candidates));
      }),
      { numRuns: 3000 },
    );
  });

  it('GV-2: a long name is compared past the first table size', () => {
    const long = `${'ab'.repeat(60)}_path`;
    expect(damerauLevenshtein(long, `${'ab'.repeat(60)}_paht`)).toBe(1);
    expect(damerauLevenshtein(long, 'ab')).toBe(long.length - 2);
    expect(suggestName(`${'ab'.repeat(60)}_paht`, ['short', long])).toBe(long);
  });
});
