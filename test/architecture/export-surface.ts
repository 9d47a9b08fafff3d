// The public names of the workspace packages, read from their built declaration files with the TypeScript
// compiler, and the comparison of those names with the committed snapshot (export-surface.json).
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { repoPath } from '@toolwright/test-support/paths';
import { workspacePackages } from './workspace-packages.js';

/** One public entry point: `@toolwright/gate/providers` and the declaration file that types it. */
export interface PublicEntry {
  readonly specifier: string;
  readonly declarations: string;
}

/** The exported names of each public entry, `name: kind`, sorted; keyed by the import specifier. */
export type ExportSurface = Record<string, string[]>;

/** Subpaths that are no public API: `./internal` (shared by sibling packages) and the manifest. */
const UNPUBLISHED_SUBPATHS = new Set(['./internal', './package.json']);

/** Every public entry of every workspace package, from the `exports` field of its package.json. */
export function publicEntries(): PublicEntry[] {
  return entriesOf(UNPUBLISHED_SUBPATHS);
}

/** Every entry of every workspace package, its `./internal` subpath included (not the manifest). */
export function everyEntry(): PublicEntry[] {
  return entriesOf(new Set(['./package.json']));
}

function entriesOf(left: ReadonlySet<string>): PublicEntry[] {
  return workspacePackages().flatMap(({ folder, name }) => {
    const manifest = JSON.parse(readFileSync(repoPath(`packages/${folder}/package.json`), 'utf8')) as {
      exports: Record<string, string | { types?: string }>;
    };
    return Object.entries(manifest.exports)
      .filter(([subpath, target]) => !left.has(subpath) && typeof target !== 'string' && target.types)
      .map(([subpath, target]) => ({
        specifier: subpath === '.' ? name : `${name}/${subpath.slice(2)}`,
        declarations: repoPath(`packages/${folder}/${(target as { types: string }).types.slice(2)}`),
      }));
  });
}

/** The kinds a declaration can have, in the order they are listed when a name has several (`const+type`). */
const KINDS: readonly (readonly [ts.SymbolFlags, string])[] = [
  [ts.SymbolFlags.Class, 'class'],
  [ts.SymbolFlags.Function, 'function'],
  [ts.SymbolFlags.Enum, 'enum'],
  [ts.SymbolFlags.Variable, 'const'],
  [ts.SymbolFlags.ValueModule, 'namespace'],
  [ts.SymbolFlags.Interface, 'interface'],
  [ts.SymbolFlags.TypeAlias, 'type'],
];

/** The kind of an exported symbol: `class`, `function`, `enum`, `const`, `interface`, `type`, or several. */
function kindOf(checker: ts.TypeChecker, exported: ts.Symbol): string {
  const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
  const kinds = KINDS.filter(([flag]) => symbol.flags & flag).map(([, kind]) => kind);
  // A class is also a type and an enum also a namespace: the first kind says it all.
  if (kinds[0] === 'class' || kinds[0] === 'enum') return kinds[0];
  return kinds.join('+') || 'unknown';
}

/** The exported names of each declaration file, `name: kind`, sorted; one compiler program for all. */
export function readExports(files: readonly string[]): string[][] {
  const program = ts.createProgram([...files], { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  return files.map((file) => {
    const source = program.getSourceFile(file);
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${file} is no module the TypeScript compiler can read.`);
    return checker
      .getExportsOfModule(module)
      .map((exported) => `${exported.name}: ${kindOf(checker, exported)}`)
      .sort();
  });
}

/** The surface of the given entries (by default every public entry of the workspace). */
export function readSurface(entries: readonly PublicEntry[] = publicEntries()): ExportSurface {
  const lists = readExports(entries.map((entry) => entry.declarations));
  return Object.fromEntries(entries.map((entry, index) => [entry.specifier, lists[index] ?? []]));
}

/**
 * The differences between the committed surface and the built one, one readable line each:
 * `+ @toolwright/gate: planBatch: function` (new), `- …` (gone), and whole entries added or removed.
 */
export function surfaceDifferences(committed: ExportSurface, built: ExportSurface): string[] {
  const specifiers = [...new Set([...Object.keys(committed), ...Object.keys(built)])].sort();
  return specifiers.flatMap((specifier) => {
    const before = committed[specifier];
    const after = built[specifier];
    if (!before) return [`+ ${specifier} (a new public entry of ${after?.length ?? 0} names)`];
    if (!after) return [`- ${specifier} (a public entry no longer exported)`];
    return [
      ...before.filter((name) => !after.includes(name)).map((name) => `- ${specifier}: ${name}`),
      ...after.filter((name) => !before.includes(name)).map((name) => `+ ${specifier}: ${name}`),
    ];
  });
}
