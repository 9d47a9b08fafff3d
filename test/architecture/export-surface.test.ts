// The public API of every package, name by name, is committed in export-surface.json: a change to it
// shows in review as a change to that file, and an export added or removed by accident fails here.
//
// Changing the public API on purpose: build (`node_modules/.bin/tsc -b`), then run
//   UPDATE_EXPORT_SURFACE=1 node_modules/.bin/vitest run test/architecture/export-surface.test.ts
// and commit the rewritten export-surface.json with the change. `./internal` subpaths are not listed:
// they carry no promise. A name is public only when tool authors or hosts use it (or a public signature
// needs it); what only sibling packages use goes to src/internal.ts, and the rest stays unexported.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';
import { sourceFiles } from './import-graph.js';
import { everyEntry, publicEntries, readSurface, surfaceDifferences, type ExportSurface } from './export-surface.js';
import { workspacePackages } from './workspace-packages.js';

const SNAPSHOT = repoPath('test/architecture/export-surface.json');
const UPDATE_COMMAND = 'UPDATE_EXPORT_SURFACE=1 node_modules/.bin/vitest run test/architecture/export-surface.test.ts';

/** The committed snapshot: its entries, without the comment that says how to update it. */
function committedSurface(): ExportSurface {
  const { $comment: _comment, ...surface } = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, unknown>;
  return surface as ExportSurface;
}

/** Writes the snapshot, with the comment that says how it is made, formatted as the repository's Prettier would. */
async function writeSurface(surface: ExportSurface): Promise<void> {
  const comment = `The exported names of every public entry, read from the built .d.ts files. Update on purpose: ${UPDATE_COMMAND}`;
  const options = { ...(await resolveConfig(SNAPSHOT)), filepath: SNAPSHOT };
  writeFileSync(SNAPSHOT, await format(JSON.stringify({ $comment: comment, ...surface }), options));
}

/** A folder of planted declaration files, one per entry, removed after `use`. */
function withDeclarations<Result>(
  files: Record<string, string>,
  use: (path: (name: string) => string) => Result,
): Result {
  const folder = mkdtempSync(join(tmpdir(), 'toolwright-surface-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    return use((name) => join(folder, name));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the export surface', () => {
  it('lists every public entry of the packages, and no ./internal subpath', () => {
    const specifiers = publicEntries().map((entry) => entry.specifier);
    expect(specifiers).toEqual(
      expect.arrayContaining(['@toolwright/core', '@toolwright/core/node', '@toolwright/gate/providers', 'toolwright']),
    );
    expect(specifiers.filter((specifier) => specifier.endsWith('/internal'))).toEqual([]);
  });

  it('ST-3: no entry of any package, ./internal included, exports nothing', () => {
    const surface = readSurface(everyEntry());
    expect(Object.keys(surface)).toEqual(expect.arrayContaining(['@toolwright/core/internal', '@toolwright/gate']));
    expect(Object.entries(surface).filter(([, names]) => names.length === 0)).toEqual([]);
  });

  it("ST-3: a constant a package's README names is exported by the package's public entries", () => {
    const surface = readSurface();
    const unexported = workspacePackages().flatMap(({ folder, name }) => {
      const readme = repoPath(`packages/${folder}/README.md`);
      if (!existsSync(readme)) return [];
      const named = new Set(
        [...readFileSync(readme, 'utf8').matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((m) => m[1]),
      );
      // The package's own constants: `export const NAME` in its sources (an environment variable or an
      // error code the README names is not one).
      const constants = sourceFiles(repoPath(`packages/${folder}/src`)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/^export const ([A-Z][A-Z0-9_]+)\b/gm)].map((m) => m[1]!),
      );
      const exported = new Set(
        Object.entries(surface)
          .filter(([specifier]) => specifier === name || specifier.startsWith(`${name}/`))
          .flatMap(([, names]) => names.map((entry) => entry.split(':')[0])),
      );
      return constants.filter((constant) => named.has(constant) && !exported.has(constant)).map((c) => `${name}: ${c}`);
    });
    expect(unexported).toEqual([]);
  });

  it('the built packages export exactly the names committed in export-surface.json', async () => {
    const built = readSurface();
    if (process.env.UPDATE_EXPORT_SURFACE === '1') await writeSurface(built);
    const differences = surfaceDifferences(committedSurface(), built);
    expect(
      differences,
      `The public API changed (+ added, - removed). If that is intended, run ${UPDATE_COMMAND} and commit export-surface.json.`,
    ).toEqual([]);
  });

  it('reads each kind of export, re-exports and merged declarations included', () => {
    const surface = withDeclarations(
      {
        'values.d.ts':
          'export declare class Shape {}\nexport declare function area(shape: Shape): number;\nexport declare const UNIT = "cm";\nexport declare enum Side { LEFT = 0 }\n',
        'entry.d.ts': [
          "export { Shape, area as measure } from './values.js';",
          "export * from './values.js';",
          'export interface Options { readonly unit: string }',
          'export type Unit = "cm" | "in";',
          'export declare const Level: { readonly HIGH: "HIGH" };',
          'export type Level = (typeof Level)[keyof typeof Level];',
          '',
        ].join('\n'),
      },
      (path) => readSurface([{ specifier: 'planted', declarations: path('entry.d.ts') }]),
    );
    expect(surface).toEqual({
      planted: [
        'Level: const+type',
        'Options: interface',
        'Shape: class',
        'Side: enum',
        'UNIT: const',
        'Unit: type',
        'area: function',
        'measure: function',
      ],
    });
  });

  it('a planted unplanned export fails the comparison, naming the entry and the name', () => {
    const committed: ExportSurface = {
      '@toolwright/planted': ['Options: interface', 'run: function'],
      '@toolwright/planted/sub': ['gone: function'],
    };
    const built = withDeclarations(
      {
        'index.d.ts':
          'export interface Options { readonly name: string }\nexport declare function run(): void;\nexport declare function helperNobodyPlanned(): void;\n',
      },
      (path) => readSurface([{ specifier: '@toolwright/planted', declarations: path('index.d.ts') }]),
    );
    expect(surfaceDifferences(committed, built)).toEqual([
      '+ @toolwright/planted: helperNobodyPlanned: function',
      '- @toolwright/planted/sub (a public entry no longer exported)',
    ]);
    expect(surfaceDifferences(built, committed)).toEqual([
      '- @toolwright/planted: helperNobodyPlanned: function',
      '+ @toolwright/planted/sub (a new public entry of 1 names)',
    ]);
    expect(surfaceDifferences(committed, committed)).toEqual([]);
  });
});
