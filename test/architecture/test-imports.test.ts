// The tests' side of the layering: a package's tests import only the @toolwright packages its
// package.json lists (the shared test support as a devDependency, never a dependency), and the
// test support is the one private package, which no product source imports.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';
import { testFiles, undeclaredImports, undeclaredImportsOf, workspacePackages } from './workspace-packages.js';

const PACKAGES = workspacePackages();
const TEST_SUPPORT = '@toolwright/test-support';

describe('what the tests import', () => {
  it('the scan finds the tests beside the sources and under test/, and their imports of the test support', () => {
    const shell = testFiles(repoPath('packages/shell'));
    expect(shell).toEqual(
      expect.arrayContaining([
        repoPath('packages/shell/src/capture/bounded-capture.test.ts'),
        repoPath('packages/shell/test/local-shell.conformance.test.ts'),
        repoPath('packages/shell/test/fixtures/parent-exit.mjs'),
      ]),
    );
    expect(shell.filter((file) => file.includes('/src/') && !/\.test(-d)?\.ts$/.test(file))).toEqual([]);
    expect(undeclaredImportsOf(shell, ['@toolwright/shell'])).toContain(
      `packages/shell/test/local-shell.conformance.test.ts imports ${TEST_SUPPORT}`,
    );
  });

  it("each package's tests import only itself and the @toolwright packages its package.json lists", () => {
    const offenders = PACKAGES.flatMap(({ folder, name, dependencies, devDependencies }) =>
      undeclaredImportsOf(testFiles(repoPath(`packages/${folder}`)), [name, ...dependencies, ...devDependencies]),
    );
    expect(offenders).toEqual([]);
  });

  it('the cross-package tests under test/ import only what the workspace root lists', () => {
    const root = JSON.parse(readFileSync(repoPath('package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(undeclaredImportsOf(testFiles(repoPath('')), Object.keys(root.devDependencies))).toEqual([]);
  });

  it('the test support is the one private package, a devDependency only, and no product source imports it', () => {
    expect(PACKAGES.filter((entry) => entry.private).map((entry) => entry.name)).toEqual([TEST_SUPPORT]);
    expect(PACKAGES.filter((entry) => entry.dependencies.includes(TEST_SUPPORT)).map((entry) => entry.name)).toEqual(
      [],
    );
    expect(PACKAGES.filter((entry) => entry.devDependencies.includes(TEST_SUPPORT)).map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['@toolwright/shell', '@toolwright/ssh', 'toolwright']),
    );
    const offenders = PACKAGES.flatMap(({ folder, dependencies }) =>
      undeclaredImports(repoPath(`packages/${folder}/src`), dependencies).filter((line) => line.endsWith(TEST_SUPPORT)),
    );
    expect(offenders).toEqual([]);
  });

  it('a product source that imports the test support is reported, even in a package whose tests use it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolwright-test-imports-'));
    try {
      const file = join(folder, 'uses-test-support.ts');
      writeFileSync(file, `import { repoPath } from '${TEST_SUPPORT}/paths';\nexport const root = repoPath('');\n`);
      const shell = PACKAGES.find((entry) => entry.folder === 'shell');
      expect(shell?.devDependencies).toContain(TEST_SUPPORT);
      expect(undeclaredImports(folder, shell?.dependencies ?? [])).toEqual([
        `${relative(repoPath(''), file)} imports ${TEST_SUPPORT}`,
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
