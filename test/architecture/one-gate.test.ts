// SPEC GV-6, one gate: every tool call goes through the gate, so only a pinned list of places may use
// a tool's `execute` directly. The list is not there to forbid its entries but to make the next one
// an argument: adding a caller means adding an entry here, with a reason, in review.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath, requireBuilt, ROOT } from '@toolwright/test-support/paths';
import { findExecuteUses, type ExecuteUse, type ExecuteUsesReport } from './find-execute-uses.js';

/** A place allowed to use a tool's `execute` directly. */
interface AllowedCaller {
  /** Repository-relative path. */
  readonly file: string;
  /** The enclosing function as the analyzer names it (`name`, `Class.method`). */
  readonly function: string;
  /** Why this place may bypass the gate. */
  readonly reason: string;
}

const ALLOWED: readonly AllowedCaller[] = [
  {
    file: 'packages/gate/src/execution/invoke-tool.ts',
    function: 'invokeTool',
    reason: 'The gate itself: the last step after registry, policy, permission and schema checks (SPEC §2, PO-4).',
  },
];

// packages/*/src/**/*.ts and examples/*/src/**/*.ts, without *.test.ts and *.test-d.ts.
function sourceFiles(): string[] {
  return ['packages', 'examples'].flatMap((group) =>
    readdirSync(repoPath(group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(repoPath(`${group}/${entry.name}/src`)))
      .flatMap((entry) => {
        const src = `${group}/${entry.name}/src`;
        return readdirSync(repoPath(src), { recursive: true, encoding: 'utf8' })
          .filter((file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(file))
          .map((file) => join(src, file));
      }),
  );
}

let cached: ExecuteUsesReport | undefined;

/** One Program over every source file (packages reach each other through their built `dist/*.d.ts`). */
function scan(): ExecuteUsesReport {
  requireBuilt('packages/core/dist/index.d.ts');
  cached ??= findExecuteUses({ root: ROOT, tsconfig: 'tsconfig.base.json', rootNames: sourceFiles() });
  return cached;
}

function isAllowed(use: ExecuteUse, entry: AllowedCaller): boolean {
  return use.file === entry.file && use.function === entry.function;
}

function describeUse(use: ExecuteUse): string {
  const receiver = use.receiver === 'any' ? ', receiver typed any' : '';
  return `${use.file}:${use.line} (${use.function}) ${use.kind}${receiver}: ${use.text}`;
}

describe('one gate', () => {
  it('GV-6: the scan recognises Tool and AbstractTool, so it cannot pass for want of a tool type', () => {
    const names = scan().toolTypesFound.map((found) => found.split(' @ ')[0]);
    expect(new Set(names)).toEqual(new Set(['Tool', 'AbstractTool']));
  });

  it("GV-6: nothing outside the pinned list uses a tool's execute directly", () => {
    const offenders = scan()
      .uses.filter((use) => !ALLOWED.some((entry) => isAllowed(use, entry)))
      .map(describeUse);
    expect(
      offenders,
      "GV-6: these places use a tool's execute outside the gate. Route them through the gate " +
        '(invokeTool), or add an entry with a reason to ALLOWED in test/architecture/one-gate.test.ts:\n' +
        offenders.join('\n'),
    ).toEqual([]);
  });

  it('GV-6: every pinned entry names an existing file and matches a use there (a stale entry fails)', () => {
    const { uses } = scan();
    const stale = ALLOWED.filter(
      (entry) =>
        !existsSync(repoPath(entry.file)) || !uses.some((use) => use.receiver === 'tool' && isAllowed(use, entry)),
    ).map((entry) => `${entry.file} (${entry.function})`);
    expect(stale, 'GV-6: these allowlist entries match no use of a tool execute; remove or correct them').toEqual([]);
    expect(ALLOWED.length).toBeGreaterThan(0);
  });
});
