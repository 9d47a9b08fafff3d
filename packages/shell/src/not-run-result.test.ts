import { describe, expect, it } from 'vitest';
import { notRunResult } from './not-run-result.js';

const EMPTY = {
  exitCode: null,
  signal: null,
  stdout: '',
  stderr: '',
  stdoutBytes: 0,
  stderrBytes: 0,
  truncated: false,
};

describe('notRunResult', () => {
  it('SH-2: an aborted call refused at once has no output and a duration of 0', () => {
    const result = notRunResult({ aborted: true });
    expect(result).toEqual({ ...EMPTY, durationMs: 0, timedOut: false, aborted: true });
    expect(Object.isFrozen(result)).toBe(true);
  });

  it('SH-2: a call out of time while it waited says so, with the time since it started', () => {
    const started = performance.now() - 50;
    const result = notRunResult({ timedOut: true }, started);
    expect(result).toMatchObject({ ...EMPTY, timedOut: true, aborted: false });
    expect(result.durationMs).toBeGreaterThanOrEqual(50);
  });
});
