// ST-4: the README names both test commands, and each is a script of the root package.json: `pnpm
// test` (the whole suite) and `pnpm test:quick` (the quick tier, chosen by vitest.quick.config.ts).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';

const README = readFileSync(repoPath('README.md'), 'utf8');
const SCRIPTS = (JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts;

/** `pnpm <script>` or `pnpm@<version> <script>`, not followed by more of a script name. */
function names(text: string, script: string): boolean {
  return new RegExp(`\\bpnpm(?:@[\\d.]+)? ${script.replace(':', '\\:')}(?![\\w:-])`).test(text);
}

describe('the test commands', () => {
  it('ST-4: the README names `pnpm test` and `pnpm test:quick`', () => {
    expect({ test: names(README, 'test'), quick: names(README, 'test:quick') }).toEqual({ test: true, quick: true });
  });

  it('ST-4: the name check tells the two commands apart', () => {
    expect(names('run `pnpm test:quick`', 'test')).toBe(false);
    expect(names('run `npx -y pnpm@12.4.2 test`', 'test')).toBe(true);
    expect(names('run `pnpm test`', 'test:quick')).toBe(false);
  });

  it('ST-4: both are scripts of the root package.json, and the quick tier has its own vitest config', () => {
    expect(SCRIPTS.test).toBe('node scripts/run-tests.mjs');
    expect(SCRIPTS['test:quick']).toBe('node scripts/run-tests.mjs --quick');
    expect(existsSync(repoPath('vitest.quick.config.ts'))).toBe(true);
    expect(README).toContain('vitest.quick.config.ts');
  });
});
