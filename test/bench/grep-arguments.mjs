// The arguments of the gate benchmarks' calls: one valid 13-field grep call, and the same call with
// a typo (`head_limt`) and a value outside the enum (`output_mode: 'lines'`).

/** A valid call of the grep-like tool. */
export const validGrepArguments = Object.freeze({
  pattern: 'bindInput\\(',
  path: 'packages/core/src',
  glob: '*.ts',
  output_mode: 'content',
  '-i': true,
  '-n': true,
  '-A': 2,
  '-B': 1,
  '-C': 0,
  type: 'ts',
  head_limit: 50,
  multiline: false,
  exclude: Object.freeze(['**/dist/**', '**/node_modules/**']),
});

/** The valid call with a typo (`head_limt`) and a bad enum value (`output_mode: 'lines'`). */
export const invalidGrepArguments = Object.freeze(
  Object.fromEntries(
    Object.entries(validGrepArguments).map(([key, value]) =>
      key === 'head_limit' ? ['head_limt', value] : [key, key === 'output_mode' ? 'lines' : value],
    ),
  ),
);
