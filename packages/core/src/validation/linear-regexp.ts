import { RE2JS } from 're2js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { PatternRefusal } from './pattern-cursor.js';
import { translateEcmaPattern } from './translate-ecma-pattern.js';

/** A compiled pattern that answers `test` in time linear in the input (RE2 semantics). */
export interface LinearRegExp {
  /** True when the pattern matches somewhere in `text` (unanchored, like `RegExp.prototype.test`). */
  test(text: string): boolean;
}

/**
 * The largest compiled program accepted for one pattern, in RE2 instructions (estimated before
 * compiling, repetitions unrolled). Compiling costs time in proportion, and so does every
 * character matched: `a{2,1000}` alone is 2,000.
 */
export const MAX_PATTERN_PROGRAM_SIZE = 2_000;

/** The outcome of `checkLinearPattern`. */
export type LinearPatternCheck =
  | { readonly ok: true; readonly regExp: LinearRegExp; readonly size: number }
  | { readonly ok: false; readonly reason: string };

/** How many compiled instructions the cache may hold across its patterns. */
const MAX_CACHED_SIZE = 100_000;
/** How many outcomes the cache may hold. */
const MAX_CACHED_PATTERNS = 1_000;

const cache = new Map<string, LinearPatternCheck>();
let cachedSize = 0;

/**
 * Translates a JSON Schema `pattern` (ECMA-262, unicode mode) to RE2 with the same meaning and
 * compiles it on re2js, never on V8's backtracking engine, so `(a+)+$` stays linear. Refuses,
 * with a reason for a human, what cannot be translated faithfully (backreferences, lookaround,
 * unknown escapes: see `translateEcmaPattern`) and programs larger than
 * {@link MAX_PATTERN_PROGRAM_SIZE}. Each pattern is compiled once: outcomes are kept in a cache
 * bounded by count and by compiled size, keyed by the pattern's text. Never throws.
 */
export function checkLinearPattern(pattern: string): LinearPatternCheck {
  const cached = cache.get(pattern);
  if (cached !== undefined) {
    // Most recently used last, so the oldest goes first.
    cache.delete(pattern);
    cache.set(pattern, cached);
    return cached;
  }
  const checked = compile(pattern);
  remember(pattern, checked);
  return checked;
}

/**
 * `checkLinearPattern`, throwing {@link ToolwrightError} (`INVALID_SCHEMA`) with the reason
 * when the pattern is refused.
 */
export function compileLinearRegExp(pattern: string): LinearRegExp {
  const checked = checkLinearPattern(pattern);
  if (!checked.ok) throw new ToolwrightError('INVALID_SCHEMA', checked.reason);
  return checked.regExp;
}

/** The regular-expression engine handed to ajv's `code.regExp` option. */
export const linearRegExpEngine = Object.assign((pattern: string) => compileLinearRegExp(pattern), {
  code: 'compileLinearRegExp',
});

function compile(pattern: string): LinearPatternCheck {
  let translated;
  try {
    translated = translateEcmaPattern(pattern);
  } catch (error) {
    if (error instanceof PatternRefusal) return { ok: false, reason: error.message };
    // Nothing else is expected; a pattern that cannot be read is refused all the same.
    return { ok: false, reason: `it cannot be read (${error instanceof Error ? error.message : String(error)})` };
  }
  if (translated.size > MAX_PATTERN_PROGRAM_SIZE) {
    return {
      ok: false,
      reason: `it unrolls to about ${translated.size} instructions; at most ${MAX_PATTERN_PROGRAM_SIZE} are accepted (maxLength, not a pattern, is the way to limit a length)`,
    };
  }
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(translated.source);
  } catch (error) {
    const detail = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
    return { ok: false, reason: `the linear-time engine cannot compile it (${detail})` };
  }
  const regExp = {
    test: (text: string) => compiled.test(text),
    toString: () => `re2js:${pattern}`,
  } as LinearRegExp;
  return { ok: true, regExp, size: translated.size };
}

function remember(pattern: string, checked: LinearPatternCheck): void {
  const size = checked.ok ? checked.size : 0;
  cache.set(pattern, checked);
  cachedSize += size;
  for (const [oldest, entry] of cache) {
    if (cachedSize <= MAX_CACHED_SIZE && cache.size <= MAX_CACHED_PATTERNS) break;
    cache.delete(oldest);
    cachedSize -= entry.ok ? entry.size : 0;
  }
}
