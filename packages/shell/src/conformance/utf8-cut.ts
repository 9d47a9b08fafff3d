import { expect } from 'vitest';
import type { ShellCommandResult } from '../shell-command-result.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** A head, a line that says how many bytes were left out, and a tail. */
const HEAD_OMITTED_TAIL = /^([^\n]*)\n\[[^\n\]]*?(\d+)[^\n\]]*\]\n([^\n]*)$/u;
/** The most bytes one cut may lose to a character boundary (a 4-byte character cut after its first byte). */
const BOUNDARY_SLACK = 3;

/**
 * Checks the stdout of a command that printed `expected` (one line, no newline) through the cap
 * `cap` and was truncated: whole characters only (no U+FFFD, no half of a surrogate pair), a
 * prefix of `expected` as the head, and — when a tail is kept after a line saying how many bytes
 * were left out — a suffix of it as the tail and a count that adds up. The cuts fall at the cap,
 * at most a character's bytes before it.
 */
export function expectCleanCut(result: ShellCommandResult, expected: string, cap: number): void {
  const total = Buffer.byteLength(expected);
  expect(result.stdoutBytes).toBe(total);
  expect(result.truncated).toBe(true);
  const text = result.stdout;
  expect(text.includes('\uFFFD'), `U+FFFD in ${JSON.stringify(text.slice(0, 80))}…`).toBe(false);
  expect(LONE_SURROGATE.test(text)).toBe(false);
  const match = HEAD_OMITTED_TAIL.exec(text);
  if (match === null) {
    // The head alone.
    expect(expected.startsWith(text), `not a head of the output: ${JSON.stringify(text.slice(0, 80))}…`).toBe(true);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(cap);
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(cap - BOUNDARY_SLACK);
    return;
  }
  const [, head = '', omitted = '', tail = ''] = match;
  const kept = Buffer.byteLength(head) + Buffer.byteLength(tail);
  expect(expected.startsWith(head)).toBe(true);
  expect(expected.endsWith(tail)).toBe(true);
  expect(kept).toBeLessThanOrEqual(cap);
  expect(kept).toBeGreaterThanOrEqual(cap - 2 * BOUNDARY_SLACK);
  expect(Number(omitted)).toBe(total - kept);
}
