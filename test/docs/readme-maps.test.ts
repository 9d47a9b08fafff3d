import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';

// Each package's README has a "Where the code lives" table: one row per folder (first cell, in
// backticks, relative to the package: `src/permission/`), what it holds and the SPEC areas it
// implements. These tests keep the table and the folders in step.

const HEADING = '## Where the code lives';
const PACKAGES = readdirSync(repoPath('packages'))
  .filter((name) => existsSync(repoPath(`packages/${name}/README.md`)))
  .sort();

/** The folders the map's rows name, in order, with duplicates (one folder may have several rows). */
function mapFolders(readme: string): string[] | undefined {
  const start = readme.split('\n').indexOf(HEADING);
  if (start === -1) return undefined;
  const lines = readme.split('\n').slice(start + 1);
  const end = lines.findIndex((line) => line.startsWith('## '));
  const rows = (end === -1 ? lines : lines.slice(0, end)).filter((line) => line.startsWith('|'));
  // The first two rows are the header and its separator.
  return rows.slice(2).map((row) => /^\|\s*`([^`]*)`/.exec(row)?.[1] ?? `(no folder in: ${row})`);
}

/** The sub-folders of a package folder, as the map spells them (`src/tool/`). */
function subFolders(packageDir: string, folder: string): string[] {
  const path = join(packageDir, folder);
  if (!existsSync(path)) return [];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${folder}${entry.name}/`);
}

/** True when a package folder holds files of its own (not only folders). */
function holdsFiles(packageDir: string, folder: string): boolean {
  const path = join(packageDir, folder);
  return existsSync(path) && readdirSync(path, { withFileTypes: true }).some((entry) => entry.isFile());
}

/**
 * The folders a package's map must name: `src/` and `test/` where they hold files of their own,
 * every folder directly inside them, and, once the map names one sub-folder of a folder, all of
 * its sub-folders.
 */
function requiredFolders(packageDir: string, named: ReadonlySet<string>): string[] {
  const roots = ['src/', 'test/'];
  const required = new Set([
    ...roots.filter((root) => holdsFiles(packageDir, root)),
    ...roots.flatMap((root) => subFolders(packageDir, root)),
  ]);
  for (const folder of named) {
    const children = subFolders(packageDir, folder);
    if (children.some((child) => named.has(child))) children.forEach((child) => required.add(child));
  }
  return [...required].sort();
}

function isFolder(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

describe('package READMEs say where the code lives', () => {
  it('every package is checked', () => {
    expect(PACKAGES).toEqual([
      'cli',
      'core',
      'gate',
      'integrations',
      'mcp',
      'redis',
      'shell',
      'ssh',
      'test-support',
      'tools',
    ]);
  });

  it.each(PACKAGES)(`packages/%s/README.md has a "${HEADING}" table`, (name) => {
    const folders = mapFolders(readFileSync(repoPath(`packages/${name}/README.md`), 'utf8'));
    expect(folders?.length ?? 0).toBeGreaterThan(0);
  });

  it.each(PACKAGES)('packages/%s: the map names every folder, and only folders that exist', (name) => {
    const packageDir = repoPath(`packages/${name}`);
    const named = mapFolders(readFileSync(join(packageDir, 'README.md'), 'utf8')) ?? [];
    const namedSet = new Set(named);
    const unknown = [...namedSet].filter((folder) => !folder.endsWith('/') || !isFolder(join(packageDir, folder)));
    const missing = requiredFolders(packageDir, namedSet).filter((folder) => !namedSet.has(folder));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });
});
