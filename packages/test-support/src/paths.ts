// Paths inside this repository, for tests wherever they live, and the check that a build exists.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT_URL = new URL('../../../', import.meta.url);

/** The repository root. */
export const ROOT = fileURLToPath(ROOT_URL);

/** An absolute path inside the repository. */
export function repoPath(relative: string): string {
  return fileURLToPath(new URL(relative, ROOT_URL));
}

/** Fails with the fix when a compiled file is missing (the test command builds first: `tsc -b`). */
export function requireBuilt(relative: string): string {
  const path = repoPath(relative);
  if (!existsSync(path))
    throw new Error(
      relative.includes('/dist/bundle/')
        ? `${relative} is missing: run \`pnpm build\` (\`tsc -b\`, then scripts/bundle-cli.mjs; vitest's global setup bundles too) before these tests.`
        : `${relative} is missing: run \`tsc -b\` (the test command does) before these tests.`,
    );
  return path;
}
