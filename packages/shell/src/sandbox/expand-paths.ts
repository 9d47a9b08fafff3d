// Policy paths that are globs, matched against what exists now (bounded, like the secret search).
import { Minimatch } from 'minimatch';
import { readdir } from 'node:fs/promises';
import { searchStopped, SECRET_SEARCH_DEPTH, SECRET_SEARCH_ENTRIES } from './find-secrets.js';

const GLOB = /[*?[]/;
const GLOB_OPTIONS = { dot: true, nonegate: true, nocomment: true, nobrace: true, noext: true } as const;

/** True when a policy path holds a glob character (`*`, `?`, `[`). */
export function isGlob(path: string): boolean {
  return GLOB.test(path);
}

/**
 * The existing paths a policy path names: itself when it is plain; for a glob, every path under
 * its literal prefix that it matches — `/work/**\/*.key` every key file under /work, `/data/*`
 * every entry of /data. The search goes as deep as the glob can match, within the secret search's
 * depth and entry budget; a glob that reaches past them stops the command (a path it missed could
 * be one the policy hides).
 */
export async function expandPolicyPath(path: string): Promise<string[]> {
  if (!isGlob(path)) return [path];
  const segments = path.split('/');
  const first = segments.findIndex((segment) => GLOB.test(segment));
  const prefix = segments.slice(0, first).join('/') || '/';
  const matcher = new Minimatch(path, GLOB_OPTIONS);
  const found: string[] = [];
  let budget = SECRET_SEARCH_ENTRIES;
  // Without `**` a glob spans a fixed number of segments: no deeper folder can match.
  const deepest = segments.some((segment) => segment.includes('**')) ? SECRET_SEARCH_DEPTH : segments.length - first;
  const search = async (folder: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (--budget < 0) throw searchStopped(prefix, 'entries', `search for ${path}`);
      const child = folder === '/' ? `/${entry.name}` : `${folder}/${entry.name}`;
      if (matcher.match(child)) found.push(child);
      else if (entry.isDirectory() && depth < deepest) await search(child, depth + 1);
      else if (entry.isDirectory() && deepest === SECRET_SEARCH_DEPTH)
        throw searchStopped(prefix, 'depth', `search for ${path}`);
    }
  };
  await search(prefix, 1);
  return found;
}
