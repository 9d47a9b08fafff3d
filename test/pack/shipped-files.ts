// What an installed package holds, checked the way a debugger and an editor use it: every compiled
// file that names a source map must have that map beside it, and every source a map names must be
// there too — otherwise "go to definition" and stack traces lead nowhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** What {@link checkShippedFiles} found in one installed package. */
export interface ShippedFiles {
  /** Every file of the package, relative to its folder (its own node_modules left out). */
  readonly files: readonly string[];
  /** How many `sourceMappingURL` comments were followed to a map that exists. */
  readonly mapReferences: number;
  /** How many sources named by the package's maps were found. */
  readonly mapSources: number;
  /** One line per broken reference; empty when every one resolves. */
  readonly problems: readonly string[];
}

/** Compiled files that may end with a `//# sourceMappingURL=` comment. */
const COMPILED = /\.(?:[cm]?js|d\.[cm]?ts)$/;

/** The last `sourceMappingURL` comment of a compiled file, if any. */
const SOURCE_MAPPING_URL = /\/\/# sourceMappingURL=(\S+)\s*$/;

/** Every file below `folder`, relative to it, without descending into node_modules. */
function listFiles(folder: string, below = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(folder, below), { withFileTypes: true })) {
    const path = below === '' ? entry.name : `${below}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...listFiles(folder, path));
    } else files.push(path);
  }
  return files.sort();
}

/** Follows every source map reference and every map's sources in the package at `packageFolder`. */
export function checkShippedFiles(packageFolder: string): ShippedFiles {
  const files = listFiles(packageFolder);
  const problems: string[] = [];
  let mapReferences = 0;
  let mapSources = 0;
  for (const file of files) {
    const path = join(packageFolder, file);
    if (file.endsWith('.map')) {
      const map = JSON.parse(readFileSync(path, 'utf8')) as { sources?: string[]; sourceRoot?: string };
      for (const source of map.sources ?? []) {
        const sourcePath = resolve(dirname(path), map.sourceRoot ?? '', source);
        if (existsSync(sourcePath)) mapSources++;
        else problems.push(`${file} names the source ${source}, which the package does not hold`);
      }
      continue;
    }
    if (!COMPILED.test(file)) continue;
    const url = SOURCE_MAPPING_URL.exec(readFileSync(path, 'utf8'))?.[1];
    if (url === undefined || url.startsWith('data:')) continue;
    const mapPath = resolve(dirname(path), decodeURIComponent(url));
    if (existsSync(mapPath)) mapReferences++;
    else problems.push(`${file} points at ${relative(packageFolder, mapPath)}, which the package does not hold`);
  }
  return { files, mapReferences, mapSources, problems };
}
