import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** An absolute path inside the repository. */
export function repoPath(relative: string): string {
  return fileURLToPath(new URL(relative, new URL('../../', import.meta.url)));
}

/** Fails with the fix when a compiled file is missing (the test command builds first: `tsc -b`). */
export function requireBuilt(relative: string): string {
  const path = repoPath(relative);
  if (!existsSync(path))
    throw new Error(`${relative} is missing: run \`tsc -b\` (the test command does) before these tests.`);
  return path;
}
