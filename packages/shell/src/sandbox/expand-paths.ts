// Policy paths that are globs, matched against what exists now (bounded, like the secret search).
import { Minimatch } from 'minimatch';
import { readdir } from 'node:fs/promises';
import { SECRET_SEARCH_DEPTH, SECRET_SEARCH_ENTRIES } from './find-secrets.js';

const GLOB = /[*?[]/;
const GLOB_OPTIONS = { dot: true, nonegate: true, nocomment: true, nobrace: true, noext: true } as const;

/** True when a policy path holds a glob character (`*`, `?`, `[`). */
export function isGlob(path: string): boolean {
  return GLOB.test(path);
}

/**
 * The existing paths a policy path names: itself when it is plain; for a glob, every path under
 * its literal prefix (searched to the secret search's depth and entry budget) that it matches —
 * `/work/**\/*.key` every key file under /work, `/data/*` every entry of /data.
 */
export async function expandPolicyPath(path: string): Promise<string[]> {
  if (!isGlob(path)) return [path];
  const segments = path.split('/');
  const first = segments.findIndex((segment) => GLOB.test(segment));
  const prefix = segments.slice(0, first).join('/') || '/';
  const matcher = new Minimatch(path, GLOB_OPTIONS);
  const found: string[] = [];
  let budget = SECRET_SEARCH_ENTRIES;
  const search = async (folder: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (--budget < 0) return;
      const child = folder === '/' ? `/${entry.name}` : `${folder}/${entry.name}`;
      if (matcher.match(child)) found.push(child);
      else if (entry.isDirectory() && depth < SECRET_SEARCH_DEPTH) await search(child, depth + 1);
    }
  };
  await search(prefix, 1);
  return found;
}
