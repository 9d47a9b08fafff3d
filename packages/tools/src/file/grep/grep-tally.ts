import type { GrepFindings, GrepPlan } from './grep-types.js';

/**
 * The counts and output of one search, taken file by file in file order, as the one-thread search
 * and the parallel one both take them: what was skipped, what was searched, and each matching
 * file's output, up to the plan's limit.
 */
export class GrepTally {
  readonly #output: string[] = [];
  #filesSearched = 0;
  #filesMatched = 0;
  #matchingLines = 0;
  #skippedBinary = 0;
  #skippedLarge = 0;

  constructor(private readonly plan: Pick<GrepPlan, 'mode' | 'format' | 'enough'>) {}

  /** True once the output holds as many lines as the plan wants. */
  get full(): boolean {
    return this.#output.length >= this.plan.enough;
  }

  /** How many more output lines the plan wants. */
  get room(): number {
    return this.plan.enough - this.#output.length;
  }

  /** A file skipped unsearched: binary, or too large. */
  skipped(kind: 'binary' | 'large'): void {
    if (kind === 'binary') this.#skippedBinary++;
    else this.#skippedLarge++;
  }

  /** A file searched; then {@link matched} for its matches. */
  searched(): void {
    this.#filesSearched++;
  }

  /** A searched file's matching lines (none: nothing to add), shown as the mode shows them; `lines` in content mode. */
  matched(show: string, matching: number, lines: readonly string[] = []): void {
    if (matching === 0) return;
    const output = this.#output;
    this.#filesMatched++;
    this.#matchingLines += matching;
    if (this.plan.mode === 'files_with_matches') output.push(show);
    else if (this.plan.mode === 'count') output.push(`${show}:${matching}`);
    else {
      if (output.length > 0 && (this.plan.format.before > 0 || this.plan.format.after > 0)) output.push('--');
      // One push per line: a file with 150,000 matches must not be spread into one call.
      for (const line of lines) if (output.length < this.plan.enough) output.push(line);
    }
  }

  findings(): GrepFindings {
    return {
      output: this.#output,
      filesSearched: this.#filesSearched,
      filesMatched: this.#filesMatched,
      matchingLines: this.#matchingLines,
      skippedBinary: this.#skippedBinary,
      skippedLarge: this.#skippedLarge,
    };
  }
}
