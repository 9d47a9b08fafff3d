// The API reference (`pnpm api-docs`, typedoc.json → docs/api/) covers every public entry point of
// every package, and typedoc — warnings treated as errors, undocumented exports reported — has
// nothing to say about it: every public export is documented and every {@link} resolves.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoPath, ROOT } from '@toolwright/test-support/paths';

interface Manifest {
  readonly name: string;
  readonly private?: boolean;
  readonly exports: Record<string, string | { readonly types: string }>;
}

/** Every public entry point: its import specifier, and the source file its `types` come from. */
function publicEntryPoints(): Record<string, string> {
  const entryPoints: Record<string, string> = {};
  for (const folder of readdirSync(repoPath('packages')).sort()) {
    const manifest = JSON.parse(readFileSync(repoPath(`packages/${folder}/package.json`), 'utf8')) as Manifest;
    if (manifest.private === true) continue;
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue; // ./package.json
      if (subpath === './internal') continue; // shared by sibling packages, no public API
      const specifier = subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`;
      entryPoints[specifier] =
        `packages/${folder}/${target.types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')}`;
    }
  }
  return entryPoints;
}

const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(repoPath(path), 'utf8'));

describe('the API reference', () => {
  it('AU-4: typedoc.json documents every entry point the packages export, and resolves each to its source', () => {
    const entryPoints = publicEntryPoints();
    expect(Object.keys(entryPoints)).toContain('@toolwright/core/node');
    expect(Object.keys(entryPoints)).toContain('toolwright');
    const typedoc = readJson('typedoc.json');
    expect([...(typedoc.entryPoints as string[])].sort()).toEqual(Object.values(entryPoints).sort());
    // One program over every package's source: imports between packages resolve to the source too,
    // so a type from another package links to its documentation instead of to a .d.ts in dist/.
    const compilerOptions = readJson('tsconfig.typedoc.json').compilerOptions as { paths: Record<string, string[]> };
    expect(compilerOptions.paths).toEqual(
      Object.fromEntries(Object.entries(entryPoints).map(([specifier, source]) => [specifier, [`./${source}`]])),
    );
    expect(typedoc).toMatchObject({
      out: 'docs/api',
      treatWarningsAsErrors: true,
      validation: { notExported: true, invalidLink: true, notDocumented: true },
    });
  });

  it('AU-4: typedoc, warnings as errors, reports nothing: every public export is documented, every link resolves', () => {
    const typedoc = spawnSync(repoPath('node_modules/.bin/typedoc'), ['--emit', 'none', '--logLevel', 'Warn'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 170_000,
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    expect({ status: typedoc.status, output: `${typedoc.stdout}${typedoc.stderr}` }).toEqual({ status: 0, output: '' });
  }, 180_000);
});
