/**
 * The optimal-string-alignment form of the Damerau–Levenshtein distance: insertions, deletions,
 * substitutions and transpositions of adjacent characters each cost 1 (`file_paht` → `file_path` is 1).
 */
export function damerauLevenshtein(left: string, right: string): number {
  return boundedDistance(left, right, Math.max(left.length, right.length));
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
    const limit = Math.max(1, Math.floor(Math.max(typed.length, candidate.length) / 3));
    // Only a distance within the limit and below the best so far can change the answer.
    const bound = Math.min(limit, bestDistance - 1);
    if (bound < 0) continue;
    const distance = boundedDistance(lowerTyped, candidate.toLowerCase(), bound);
    if (distance <= bound) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Three rows of the distance table, reused by every call (grown when a longer name comes). */
let rows = new Int32Array(3 * 64);

/**
 * The distance when it is at most `bound`; otherwise some number above `bound`. A common prefix
 * and suffix change nothing (no edit of an optimal alignment needs them) and are left out. The
 * rest of the table is filled row by row (three rows kept: a transposition reads two back) and
 * given up as soon as a whole row is above `bound` — no later row, and so not the distance, can
 * be smaller than a row's smallest value.
 */
function boundedDistance(left: string, right: string, bound: number): number {
  if (Math.abs(left.length - right.length) > bound) return bound + 1;
  let start = 0;
  let leftEnd = left.length;
  let rightEnd = right.length;
  while (start < leftEnd && start < rightEnd && left.charCodeAt(start) === right.charCodeAt(start)) start++;
  while (start < leftEnd && start < rightEnd && left.charCodeAt(leftEnd - 1) === right.charCodeAt(rightEnd - 1)) {
    leftEnd--;
    rightEnd--;
  }
  if (start === leftEnd || start === rightEnd) return Math.max(leftEnd, rightEnd) - start;
  return tableDistance(left.slice(start, leftEnd), right.slice(start, rightEnd), bound);
}

function tableDistance(left: string, right: string, bound: number): number {
  const width = right.length + 1;
  if (rows.length < 3 * width) rows = new Int32Array(3 * width);
  const table = rows;
  // Row r lives at offset (r % 3) * width.
  for (let column = 0; column < width; column++) table[column] = column;
  for (let row = 1; row <= left.length; row++) {
    const current = (row % 3) * width;
    const previous = ((row - 1) % 3) * width;
    const before = ((row + 1) % 3) * width;
    const code = left.charCodeAt(row - 1);
    const previousCode = row > 1 ? left.charCodeAt(row - 2) : -1;
    table[current] = row;
    let smallest = row;
    for (let column = 1; column < width; column++) {
      const rightCode = right.charCodeAt(column - 1);
      const cost = code === rightCode ? 0 : 1;
      let best = table[previous + column]! + 1;
      const insertion = table[current + column - 1]! + 1;
      if (insertion < best) best = insertion;
      const substitution = table[previous + column - 1]! + cost;
      if (substitution < best) best = substitution;
      if (row > 1 && column > 1 && code === right.charCodeAt(column - 2) && previousCode === rightCode) {
        const transposition = table[before + column - 2]! + 1;
        if (transposition < best) best = transposition;
      }
      table[current + column] = best;
      if (best < smallest) smallest = best;
    }
    if (smallest > bound) return bound + 1;
  }
  return table[(left.length % 3) * width + width - 1]!;
}
