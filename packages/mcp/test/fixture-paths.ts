import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The absolute path of a fixture script; fails with the fix when the package is not built (the fixtures import dist). */
export function fixturePath(name: string): string {
  const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));
  if (!existsSync(built)) {
    throw new Error('packages/mcp/dist is missing: run `tsc -b` (the test command does) before these tests.');
  }
  return fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));
}
