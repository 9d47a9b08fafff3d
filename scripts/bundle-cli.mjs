#!/usr/bin/env node
// Bundles the `toolwright` command (packages/cli/dist/bin.js, as `tsc -b` wrote it) with esbuild into
// packages/cli/dist/bundle/: the bin of the published package. Loading the ~900 modules of the
// packages and their dependencies one by one costs a start most of a second; a few files load in a
// fraction of that (SPEC PF-7). What a command may never use (the SSH client, the MCP client's
// transports) is in chunks loaded on first use. The grep worker is an entry of its own, since the
// Grep tool starts it by URL next to its own module. Run after `tsc -b` (`pnpm build` does both).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the bundle is written; `bin` in packages/cli/package.json names its entry. */
export const BUNDLE_FOLDER = join(ROOT, 'packages/cli/dist/bundle');

/**
 * Left to Node's resolution at run time: TypeScript and tsx, which load a plugin written in
 * TypeScript from the user's own installation, and ssh2's optional native addons.
 */
const EXTERNAL = ['typescript', 'tsx', 'tsx/*', 'esbuild', 'cpu-features', '*.node'];

/**
 * What CommonJS dependencies expect and an ES module lacks: `require` for Node's own modules (ajv,
 * ssh2), and `__filename` and `__dirname` (ssh2's Poly1305 module reads them).
 */
const BANNER = [
  "import { createRequire as __toolwrightCreateRequire } from 'node:module';",
  "import { fileURLToPath as __toolwrightFileURLToPath } from 'node:url';",
  "import { dirname as __toolwrightDirname } from 'node:path';",
  'const require = __toolwrightCreateRequire(import.meta.url);',
  'const __filename = __toolwrightFileURLToPath(import.meta.url);',
  'const __dirname = __toolwrightDirname(__filename);',
].join(' ');

/** The newest modification time (ms) of the compiled packages' modules, this script included. */
function newestInput() {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (path !== BUNDLE_FOLDER) walk(path);
      } else if (entry.name.endsWith('.js')) newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const name of readdirSync(join(ROOT, 'packages'))) {
    const dist = join(ROOT, 'packages', name, 'dist');
    if (existsSync(dist)) walk(dist);
  }
  return newest;
}

/** True when the bundle exists and is newer than every module it is made of. */
export function bundleIsFresh() {
  const entry = join(BUNDLE_FOLDER, 'toolwright.js');
  return existsSync(entry) && statSync(entry).mtimeMs >= newestInput();
}

/**
 * Writes the bundle afresh (with `onlyIfStale`, only when {@link bundleIsFresh} is false: a bundle
 * other processes may be running from is then left alone); resolves when it is on disk.
 */
export async function bundleCli({ onlyIfStale = false } = {}) {
  if (onlyIfStale && bundleIsFresh()) return;
  rmSync(BUNDLE_FOLDER, { recursive: true, force: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: {
      toolwright: 'packages/cli/dist/bin.js',
      'grep-worker': 'packages/tools/dist/file/grep/grep-worker.js',
    },
    outdir: BUNDLE_FOLDER,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external: EXTERNAL,
    banner: { js: BANNER },
    // Smaller source parses faster; names are kept, since messages name tool classes.
    minify: true,
    keepNames: true,
    legalComments: 'eof',
    // Short lines: an uncaught error prints its source line, which minified would be a whole file.
    lineLimit: 200,
    logLevel: 'error',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleCli();
