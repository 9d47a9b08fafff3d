import { RE2JS } from 're2js';
import { createByteSetPrefilter } from './grep-byte-set.js';
import { LineAutomaton } from './grep-line-automaton.js';
import { createBytePrefilter, type BytePrefilter } from './grep-prefilter.js';
import { programOf } from './grep-program.js';

/** The longest pattern Grep compiles, in characters. */
export const MAX_PATTERN_LENGTH = 1_000;

/** A pattern compiled for Grep on RE2 (linear time in the text, whatever the pattern). */
export interface GrepPattern {
  /** Tests one line (no line break in it). */
  readonly line: RE2JS | undefined;
  /** A whole-text test that may say yes wrongly but never no wrongly; skips files fast. */
  readonly prefilter: RE2JS | undefined;
  /** For multiline mode: finds matches across the whole text. */
  readonly spanning: RE2JS | undefined;
  /** Finds where in a file's raw bytes a match may be; a file with no such place is not decoded. */
  readonly bytes: BytePrefilter | undefined;
  /** Tests lines on a file's raw bytes, as `line` would test them decoded (not in multiline mode). */
  readonly automaton: LineAutomaton | undefined;
}

/**
 * Compiles a Grep pattern on re2js, never on V8's backtracking engine, so `(a+)+$` stays linear
 * (SPEC BT-3). Refuses patterns over {@link MAX_PATTERN_LENGTH} characters, and says plainly
 * when a pattern uses what RE2 lacks (lookaround, backreferences).
 */
export function compileGrepPattern(
  pattern: string,
  options: { readonly ignoreCase: boolean; readonly multiline: boolean },
): { readonly ok: true; readonly pattern: GrepPattern } | { readonly ok: false; readonly reason: string } {
  if (pattern === '') return { ok: false, reason: 'pattern is empty. Give a regular expression to search for.' };
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return {
      ok: false,
      reason: `The pattern is ${pattern.length.toLocaleString('en-US')} characters long; Grep takes at most ${MAX_PATTERN_LENGTH.toLocaleString('en-US')}. Search for a shorter, distinctive part.`,
    };
  }
  const caseFlag = options.ignoreCase ? RE2JS.CASE_INSENSITIVE : 0;
  try {
    const source = RE2JS.translateRegExp(pattern);
    const bytes = createBytePrefilter(source, options.ignoreCase);
    if (options.multiline) {
      const spanning = RE2JS.compile(source, caseFlag | RE2JS.MULTILINE | RE2JS.DOTALL);
      return { ok: true, pattern: { line: undefined, prefilter: undefined, spanning, bytes, automaton: undefined } };
    }
    const line = RE2JS.compile(source, caseFlag);
    // On the whole text, ^ and $ must mean line starts and ends (MULTILINE); \A, \z and a
    // pattern that turns MULTILINE off would mean something else there, so no prefilter for them.
    const prefilter = /\\[Az]|\(\?[a-zA-Z]*-[a-zA-Z]*m/.test(pattern)
      ? undefined
      : RE2JS.compile(source, caseFlag | RE2JS.MULTILINE);
    const program = programOf(line);
    const automaton = program === undefined ? undefined : new LineAutomaton(program);
    const lines = bytes ?? (automaton === undefined ? undefined : createByteSetPrefilter(automaton.requiredBytes()));
    return { ok: true, pattern: { line, prefilter, spanning: undefined, bytes: lines, automaton } };
  } catch (error) {
    return { ok: false, reason: describeCompileError(pattern, error) };
  }
}

function describeCompileError(pattern: string, error: unknown): string {
  const detail = (error instanceof Error ? error.message : String(error)).replace(/^error parsing regexp: /, '');
  const unsupported = /\(\?<?[=!]/.test(pattern)
    ? 'lookahead and lookbehind'
    : /\\[1-9]|\\k</.test(pattern)
      ? 'backreferences'
      : undefined;
  if (unsupported !== undefined) {
    return `The pattern uses ${unsupported}, which Grep's linear-time engine (RE2) does not support (${detail}). Rewrite it without them: match the surrounding text instead, or search for each alternative.`;
  }
  return `The pattern is not a valid regular expression: ${detail}. Grep uses RE2 syntax; escape literal characters like ( [ { . * + ? with a backslash.`;
}
