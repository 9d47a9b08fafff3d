// What a Grep search takes and gives: shared by the one-thread search and the parallel one.
import type { GrepOutputMode } from './grep-input.js';
import type { GrepPattern } from './grep-pattern.js';
import type { ContentFormat } from './render-grep.js';

/** One file to search: where to open it (its real path) and how to show it. */
export interface GrepFile {
  readonly open: string;
  readonly show: string;
}

/** What a search found, in file order. */
export interface GrepFindings {
  /** files_with_matches: paths; count: `path:N`; content: output lines. */
  readonly output: readonly string[];
  readonly filesSearched: number;
  readonly filesMatched: number;
  readonly matchingLines: number;
  readonly skippedBinary: number;
  readonly skippedLarge: number;
}

/** How to search. */
export interface GrepPlan {
  readonly pattern: GrepPattern;
  readonly mode: GrepOutputMode;
  readonly format: ContentFormat;
  /** Stop once this many output lines are collected. */
  readonly enough: number;
  readonly signal: AbortSignal;
  /** The pattern as Grep received it, for the worker to compile. */
  readonly source: { readonly pattern: string; readonly ignoreCase: boolean; readonly multiline: boolean };
}
