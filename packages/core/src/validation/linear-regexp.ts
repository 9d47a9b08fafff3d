import { RE2JS } from 're2js';

/** A compiled pattern that answers `test` in time linear in the input (RE2 semantics). */
export interface LinearRegExp {
  /** True when the pattern matches somewhere in `text` (unanchored, like `RegExp.prototype.test`). */
  test(text: string): boolean;
}

/**
 * Compiles a JSON Schema `pattern` on RE2JS, never on V8's backtracking engine, so no schema can
 * make validation slow (`(a+)+$` stays linear). Constructs RE2 lacks (lookaround, backreferences)
 * throw here, at compile time.
 */
export function compileLinearRegExp(pattern: string): LinearRegExp {
  const compiled = RE2JS.compile(RE2JS.translateRegExp(pattern));
  return {
    test: (text: string) => compiled.test(text),
    toString: () => `re2js:${pattern}`,
  } as LinearRegExp;
}

/** The regular-expression engine handed to ajv's `code.regExp` option. */
export const linearRegExpEngine = Object.assign((pattern: string) => compileLinearRegExp(pattern), {
  code: 'compileLinearRegExp',
});
