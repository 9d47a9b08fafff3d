/**
 * The optimal-string-alignment form of the Damerau–Levenshtein distance: insertions, deletions,
 * substitutions and transpositions of adjacent characters each cost 1 (`file_paht` → `file_path` is 1).
 */
export function damerauLevenshtein(left: string, right: string): number {
  const rows = left.length + 1;
  const columns = right.length + 1;
  const distance: number[] = new Array<number>(rows * columns).fill(0);
  for (let row = 0; row < rows; row++) distance[row * columns] = row;
  for (let column = 0; column < columns; column++) distance[column] = column;
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let best = Math.min(
        at(distance, (row - 1) * columns + column) + 1,
        at(distance, row * columns + column - 1) + 1,
        at(distance, (row - 1) * columns + column - 1) + cost,
      );
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        best = Math.min(best, at(distance, (row - 2) * columns + column - 2) + 1);
      }
      distance[row * columns + column] = best;
    }
  }
  return at(distance, rows * columns - 1);
}

/**
 * The candidate a mistyped name most likely meant, or `undefined` when none is close: the
 * smallest case-insensitive distance, at most a third of the longer name (and at least 1);
 * ties go to the earlier candidate, so declaration order decides.
 */
export function suggestName(typed: string, candidates: Iterable<string>): string | undefined {
  const lowerTyped = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = damerauLevenshtein(lowerTyped, candidate.toLowerCase());
    const limit = Math.max(1, Math.floor(Math.max(typed.length, candidate.length) / 3));
    if (distance <= limit && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

function at(values: readonly number[], index: number): number {
  return values[index] ?? 0;
}
