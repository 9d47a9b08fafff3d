import { homedir } from 'node:os';
import { compileCommandPattern, type CommandPattern } from './command/command-pattern.js';
import { compilePathPattern, type PathPattern } from './path-pattern.js';

/** A rule's pattern compiled for a subject kind, or why it cannot be. */
export type CompiledPattern = CommandPattern | PathPattern | { readonly problem: string };

/** Where relative path patterns are rooted when a rule is checked at load time (only whether it can be read matters). */
const LOAD_TIME_BASE: { readonly cwd: string; readonly home: string } = Object.freeze({ cwd: '/cwd', home: '/home' });
/** At most this many compiled patterns are kept. */
const MAX_COMPILED = 4_096;

/** The permission checker's patterns, compiled once each (SPEC PM-3, PM-4, RU-1). */
export class CompiledPatterns {
  readonly #patterns = new Map<string, CompiledPattern>();

  /**
   * A pattern compiled once: a COMMAND pattern, or a PATH pattern made absolute against `cwd` and
   * the home folder when written in a relative form (`./x`, `x`, `~/x`).
   */
  get(pattern: string, kind: 'COMMAND' | 'PATH', cwd = LOAD_TIME_BASE.cwd): CompiledPattern {
    const relative = kind === 'PATH' && (!pattern.startsWith('/') || pattern.startsWith('//'));
    const home = relative && pattern.startsWith('~') ? homedir() : '';
    const key = relative ? `${kind}\u0000${cwd}\u0000${home}\u0000${pattern}` : `${kind}\u0000${pattern}`;
    let compiled = this.#patterns.get(key);
    if (compiled === undefined) {
      compiled =
        kind === 'COMMAND'
          ? compileCommandPattern(pattern)
          : compilePathPattern(pattern, { cwd, home: home === '' ? LOAD_TIME_BASE.home : home });
      // Relative patterns are compiled per working directory: a bound keeps a gate of many folders small.
      if (this.#patterns.size >= MAX_COMPILED) this.#patterns.clear();
      this.#patterns.set(key, compiled);
    }
    return compiled;
  }
}
