#!/usr/bin/env node
// Packs every public package under packages/ into one folder, ready for `npm install <folder>/*.tgz`
// in a project outside this checkout: `pnpm pack:all` writes to .packs/, `pnpm pack:all <folder>`
// to that folder (relative to where the command was typed). pnpm packs them, so `workspace:*`
// dependencies become the real versions. Build first (`tsc -b`; the root script does).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { bundleCli } from './bundle-cli.mjs';

const root = new URL('..', import.meta.url).pathname;
const pnpm = join(root, 'node_modules', '.bin', 'pnpm');
const invokedFrom = process.env.INIT_CWD ?? process.cwd();
const destination = resolve(invokedFrom, process.argv[2] ?? join(root, '.packs'));

/** The folders under packages/ whose package.json is not private, with their package names. */
function publicPackages() {
  const packages = [];
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const manifestPath = join(root, 'packages', folder, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    if (manifest.private !== true) packages.push({ folder, name: manifest.name });
  }
  return packages;
}

/** What tsc writes for one source file `src/<name>.ts`: `dist/<name>` and one of these endings. */
const OUTPUT_ENDINGS = ['.d.ts.map', '.js.map', '.d.ts', '.js'];

/**
 * Removes what `tsc -b` left in dist/ from source files that no longer exist (it never deletes old
 * outputs): a tarball would otherwise ship modules and source maps whose source is gone.
 */
function removeStaleOutputs(folder, below = '') {
  const dist = join(root, 'packages', folder, 'dist');
  const removed = [];
  for (const entry of readdirSync(join(dist, below), { withFileTypes: true })) {
    const path = below === '' ? entry.name : `${below}/${entry.name}`;
    // The command's bundle is written by scripts/bundle-cli.mjs (below), not by tsc.
    if (entry.isDirectory() && folder === 'cli' && path === 'bundle') continue;
    if (entry.isDirectory()) {
      removed.push(...removeStaleOutputs(folder, path));
      continue;
    }
    const ending = OUTPUT_ENDINGS.find((candidate) => path.endsWith(candidate));
    if (ending === undefined) continue;
    const source = join(root, 'packages', folder, 'src', `${path.slice(0, -ending.length)}.ts`);
    if (existsSync(source)) continue;
    rmSync(join(dist, path));
    removed.push(`packages/${folder}/dist/${path}`);
  }
  return removed;
}

/** Stops with a message (no stack trace) and exit code 1. */
function fail(message) {
  process.stderr.write(`pack-all: ${message}\n`);
  process.exit(1);
}

const packages = publicPackages();
for (const { folder } of packages) {
  if (!existsSync(join(root, 'packages', folder, 'dist', 'index.js')))
    fail(`packages/${folder}/dist is missing: build first with \`tsc -b\` (\`pnpm pack:all\` does).`);
}
for (const { folder } of packages) {
  for (const file of removeStaleOutputs(folder)) process.stderr.write(`removed ${file}: its source is gone\n`);
}
// The `toolwright` bin is the bundle of what tsc wrote: made again when older, so a tarball never ships an old one.
await bundleCli({ onlyIfStale: true });
mkdirSync(destination, { recursive: true });
const tarballs = [];
for (const { folder, name } of packages) {
  const run = spawnSync(pnpm, ['pack', '--json', '--pack-destination', destination], {
    cwd: join(root, 'packages', folder),
    encoding: 'utf8',
  });
  if (run.status !== 0) fail(`pnpm pack failed in packages/${folder}:\n${run.stdout}${run.stderr}`);
  tarballs.push(JSON.parse(run.stdout).filename);
  process.stdout.write(`packed ${name}\n`);
}
process.stdout.write(`\n${tarballs.length} packages in ${destination}:\n`);
for (const tarball of tarballs) process.stdout.write(`  ${relative(destination, tarball)}\n`);
process.stdout.write(`Install them in a project of yours with: npm install ${join(destination, '*.tgz')}\n`);
