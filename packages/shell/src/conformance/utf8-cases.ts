import { expect, it } from 'vitest';
import type { VirtualShell } from '../virtual-shell.js';
import { CASE_TIMEOUT_MS, run, type CaseContext } from './case-context.js';
import { expectCleanCut } from './utf8-cut.js';

const patterns: ReadonlyArray<[name: string, unit: string]> = [
  ['é (2 bytes)', 'é'],
  ['漢 (3 bytes)', '漢'],
  ['😀 (4 bytes)', '😀'],
  ['mixed a é 漢 😀', 'aé漢😀'],
];

/** The caps 997..1003: every offset a 4-byte character can have against the cut. */
const CAPS = [997, 998, 999, 1_000, 1_001, 1_002, 1_003];

/** Runs `command` once per cap, all at once (the shell runs commands side by side). */
function runEachCap(shell: VirtualShell, command: string, caps: readonly number[]) {
  return Promise.all(
    caps.map(async (cap) => ({ cap, value: (await run(shell, command, { maxCaptureBytes: cap })).value })),
  );
}

/** SH-4: cuts fall on UTF-8 boundaries: a multi-byte character cut at the cap never yields U+FFFD halves. */
export function describeUtf8Cases(context: CaseContext): void {
  for (const [name, unit] of patterns) {
    it(
      `SH-4: head and tail cuts of ${name} fall on character boundaries for caps 997..1003`,
      async () => {
        const shell = await context.shell();
        const t = context.token();
        const expected = unit.repeat(Math.ceil(3_001 / Buffer.byteLength(unit)));
        for (const { cap, value } of await runEachCap(shell, `printf '%s' '${expected}' # ${t.id}`, CAPS)) {
          expect(value.exitCode).toBe(0);
          expect(value.stdout.startsWith(unit)).toBe(true);
          expectCleanCut(value, expected, cap);
        }
      },
      CASE_TIMEOUT_MS,
    );
  }

  it(
    'SH-4: cuts of 😀 written one character per write fall on boundaries (caps 997..1003)',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const expected = '😀'.repeat(800);
      const command = `for i in $(seq 800); do printf '😀'; done # ${t.id}`;
      for (const { cap, value } of await runEachCap(shell, command, CAPS)) {
        expect(value.exitCode).toBe(0);
        expectCleanCut(value, expected, cap);
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-4: tiny caps (0..9) on 4-byte characters never split one',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const expected = '😀'.repeat(10);
      const caps = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
      for (const { cap, value } of await runEachCap(shell, `printf '%s' '${expected}' # ${t.id}`, caps)) {
        expectCleanCut(value, expected, cap);
      }
    },
    CASE_TIMEOUT_MS,
  );
}
