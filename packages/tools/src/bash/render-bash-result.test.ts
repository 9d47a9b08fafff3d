import { BoundedCapture, type ShellCommandResult } from '@toolwright/shell';
import { describe, expect, it } from 'vitest';
import { BASH_CAPTURE_BYTES, BASH_CUT_HINT, renderBashResult } from './render-bash-result.js';

const encoder = new TextEncoder();

/** A stream as the shell captures it with the Bash tool's cap: `text` written `times` times. */
function captured(text: string, times: number): { text: string; bytes: number } {
  const capture = new BoundedCapture(BASH_CAPTURE_BYTES);
  const perChunk = Math.max(1, Math.floor(65_536 / Math.max(1, text.length)));
  const chunk = encoder.encode(text.repeat(perChunk));
  let left = times;
  while (left >= perChunk) {
    capture.push(chunk);
    left -= perChunk;
  }
  if (left > 0) capture.push(encoder.encode(text.repeat(left)));
  return { text: capture.text(), bytes: capture.totalBytes };
}

/** The result of a command that printed `stdout` and `stderr` (as {@link captured} makes them). */
function result(
  stdout: { text: string; bytes: number },
  stderr: { text: string; bytes: number },
  exitCode = 0,
): ShellCommandResult {
  return {
    exitCode,
    signal: null,
    stdout: stdout.text,
    stderr: stderr.text,
    stdoutBytes: stdout.bytes,
    stderrBytes: stderr.bytes,
    truncated: stdout.bytes > BASH_CAPTURE_BYTES || stderr.bytes > BASH_CAPTURE_BYTES,
    durationMs: 1,
    timedOut: false,
    aborted: false,
  };
}

const nothing = { text: '', bytes: 0 };
const cut = (what: string): string => `[Output cut: ${what}. ${BASH_CUT_HINT}]`;

describe('renderBashResult: the cut line says what the command printed and what is shown', () => {
  it('BT-1/PO-3: 50 MB on stdout: the bytes the command printed, not those captured, and the characters shown', () => {
    const rendered = renderBashResult(result(captured('x', 52_428_800), nothing), 120_000);
    expect(rendered.content).toBe(
      `${'x'.repeat(29_763)}\n${cut('the command printed 52,428,800 bytes on stdout and nothing on stderr; shown: the first 29,763 characters of stdout')}`,
    );
    expect(rendered.content).toHaveLength(30_000);
    expect(rendered.metadata).toMatchObject({ truncated: true, stdoutBytes: 52_428_800, stderrBytes: 0 });
  });

  it('BT-1/PO-3: a short stdout and 50 MB on stderr: all of stdout, then the beginning of stderr, each named', () => {
    const rendered = renderBashResult(result(captured('ok\n', 1), captured('e', 52_428_800), 1), 120_000);
    expect(rendered.content).toBe(
      `ok\n${'e'.repeat(29_714)}\n${cut('the command printed 3 bytes on stdout and 52,428,800 bytes on stderr; shown: all 3 characters of stdout and the first 29,714 characters of stderr')}\n[exit code: 1]`,
    );
    expect(rendered.content).toHaveLength(30_000);
  });

  it('BT-1/PO-3: both streams long: the beginning of stdout, and the line says none of stderr is shown', () => {
    const rendered = renderBashResult(result(captured('o', 2_000_000), captured('e', 3_000_000), 2), 120_000);
    expect(rendered.content).toBe(
      `${'o'.repeat(29_722)}\n${cut('the command printed 2,000,000 bytes on stdout and 3,000,000 bytes on stderr; shown: the first 29,722 characters of stdout and none of stderr')}\n[exit code: 2]`,
    );
  });

  it('BT-1/PO-3: a single byte and a single character are written in the singular', () => {
    const rendered = renderBashResult(result(captured('a', 1), captured('e', 40_000)), 120_000, 1_000);
    expect(rendered.content).toBe(
      `a\n${'e'.repeat(739)}\n${cut('the command printed 1 byte on stdout and 40,000 bytes on stderr; shown: all 1 character of stdout and the first 739 characters of stderr')}`,
    );
    expect(rendered.content).toHaveLength(1_000);
  });

  it('BT-1/PO-3: characters are characters: 4-byte emoji count once each, in bytes four times', () => {
    const rendered = renderBashResult(result(captured('😀', 100_000), nothing), 120_000);
    expect(rendered.content).toBe(
      `${'😀'.repeat(14_883)}\n${cut('the command printed 400,000 bytes on stdout and nothing on stderr; shown: the first 14,883 characters of stdout')}`,
    );
    expect(rendered.content).toHaveLength(30_000);
  });

  it('BT-1/PO-3: escape codes stripped from what is shown are said to be', () => {
    const rendered = renderBashResult(result(captured('\u001b[31mr\u001b[0m', 100_000), nothing), 120_000);
    expect(rendered.content).toBe(
      `${'r'.repeat(29_741)}\n${cut('the command printed 1,000,000 bytes on stdout and nothing on stderr; shown (escape codes removed): the first 29,741 characters of stdout')}`,
    );
  });

  it('BT-1/PO-3: a capture cut in the middle that is shown whole is named by its first and last characters', () => {
    // 1,944,000 bytes, almost all escape codes: the capture keeps a head and a tail that are short once stripped.
    const stdout = captured(`${'\u001b[0m'.repeat(40)}x\n`, 12_000);
    const rendered = renderBashResult(result(stdout, captured('e', 100_000)), 120_000);
    // The tail begins inside an escape code the capture cut: its last two characters stay.
    const tail = `0m${'x\n'.repeat(1_619)}`;
    expect(rendered.content).toBe(
      `${'x\n'.repeat(4_854)}\n[… 895424 bytes of output omitted …]\n${tail}${'e'.repeat(16_678)}\n${cut('the command printed 1,944,000 bytes on stdout and 100,000 bytes on stderr; shown (escape codes removed): the first 9,708 characters and the last 3,240 characters of stdout and the first 16,678 characters of stderr')}`,
    );
    expect(rendered.content).toHaveLength(30_000);
  });

  it('BT-1/PO-3: an output within the limit has no cut line, even when the capture was cut', () => {
    expect(renderBashResult(result(captured('x', 100), captured('e', 10)), 120_000).content).toBe(
      `${'x'.repeat(100)}\n${'e'.repeat(10)}`,
    );
  });
});

describe('renderBashResult: the sandbox (SB-4, SB-5)', () => {
  const refused: ShellCommandResult = {
    ...result({ text: '', bytes: 0 }, { text: 'bash: line 1: /etc/x: Read-only file system\n', bytes: 45 }, 1),
    sandbox: 'bubblewrap',
    sandboxRefusals: ['/etc/x is read-only; writable: /work, /tmp'],
  };

  it('SB-5: each refusal is a [sandbox: …] line before the exit marker, and the metadata names the sandbox', () => {
    const rendered = renderBashResult(refused, 120_000);
    expect(rendered.content).toBe(
      'bash: line 1: /etc/x: Read-only file system\n[sandbox: /etc/x is read-only; writable: /work, /tmp]\n[exit code: 1]',
    );
    expect(rendered.isError).toBe(true);
    expect(rendered.metadata).toMatchObject({
      sandbox: 'bubblewrap',
      sandboxRefusals: ['/etc/x is read-only; writable: /work, /tmp'],
    });
  });

  it('SB-5: a refusal in a command that still succeeded keeps the result ok', () => {
    const rendered = renderBashResult({ ...refused, exitCode: 0 }, 120_000);
    expect(rendered.isError).toBe(false);
    expect(rendered.content).toBe(
      'bash: line 1: /etc/x: Read-only file system\n[sandbox: /etc/x is read-only; writable: /work, /tmp]',
    );
  });

  it('SB-5: the refusal lines survive a cut: they come after it, with the marker', () => {
    const huge = captured('y\n', 200_000);
    const rendered = renderBashResult({ ...refused, stdout: huge.text, stdoutBytes: huge.bytes }, 120_000, 2_000);
    expect(rendered.content.length).toBeLessThanOrEqual(2_000);
    expect(rendered.content.endsWith('\n[sandbox: /etc/x is read-only; writable: /work, /tmp]\n[exit code: 1]')).toBe(
      true,
    );
  });

  it('SB-4: no sandbox said, no sandbox keys', () => {
    const rendered = renderBashResult(result({ text: 'ok\n', bytes: 3 }, { text: '', bytes: 0 }), 120_000);
    expect(rendered.metadata).not.toHaveProperty('sandbox');
    expect(rendered.metadata).not.toHaveProperty('sandboxRefusals');
  });
});
