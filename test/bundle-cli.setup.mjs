// vitest's global setup: bundles the `toolwright` command from what `tsc -b` last wrote, before any
// test starts, when the bundle is older than the compiled packages. The tests that run the command
// then run what `pnpm build` ships (packages/cli/dist/bundle/), never a stale one; a fresh bundle
// is left alone, since another test run may be using it.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { bundleCli } from '../scripts/bundle-cli.mjs';

export default async function setup() {
  // Not built yet: the tests that need the command say to build (requireBuilt).
  if (existsSync(fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url))))
    await bundleCli({ onlyIfStale: true });
}
