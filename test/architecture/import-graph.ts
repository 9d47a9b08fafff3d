// The import graph of a package's sources, at file and at folder level, and the cycles in it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Every non-test TypeScript source under `folder`, as absolute paths. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !/\.test(-d)?\.ts$/.test(file))
    .map((file) => join(folder, file));
}

/** The specifiers a module imports or re-exports, type-only ones included. */
export function importedModules(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
}

/** Who imports whom: each key and value is a path relative to the scanned folder. */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The relative imports between the sources under `folder` (`x.js` specifiers read as `x.ts`). */
export function fileGraph(folder: string): ImportGraph {
  return new Map(
    sourceFiles(folder).map((file) => [
      relative(folder, file),
      importedModules(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => relative(folder, join(dirname(file), specifier)).replace(/\.js$/, '.ts')),
    ]),
  );
}

/**
 * The folders the files of each folder import from (`.` is the top folder). The entry files are
 * left out: a package's `index.ts` lists its public API, so it imports every folder by design.
 */
export function folderGraph(files: ImportGraph, entries: readonly string[]): ImportGraph {
  const folders = new Map<string, Set<string>>();
  for (const [file, imports] of files) {
    if (entries.includes(file)) continue;
    const from = dirname(file);
    const targets = folders.get(from) ?? new Set<string>();
    for (const imported of imports) if (dirname(imported) !== from) targets.add(dirname(imported));
    folders.set(from, targets);
  }
  return new Map([...folders].map(([folder, targets]) => [folder, [...targets].sort()]));
}

/** Each cycle of the graph found by a depth-first walk, written `a -> b -> a`, in a stable order. */
export function findCycles(graph: ImportGraph): string[] {
  const cycles = new Set<string>();
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): void => {
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const start = path.indexOf(next);
      if (start >= 0) cycles.add([...path.slice(start), next].join(' -> '));
      else if (!done.has(next)) visit(next);
    }
    path.pop();
    done.add(node);
  };
  for (const node of [...graph.keys()].sort()) if (!done.has(node)) visit(node);
  return [...cycles];
}
