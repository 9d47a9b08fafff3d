#!/usr/bin/env node
// The whole test suite, as the README's test command runs it: build and type-check every project,
// lint, check formatting, then run vitest (unit, cross-package and type tests). Each static check
// counts as one test. Ends with the plain line "N passed, M failed".
// With --quick (`pnpm test:quick`, SPEC ST-4): the build, then vitest over vitest.quick.config.ts
// (the unit, type and architecture tests), and the same final line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);
const results = [];
const quick = process.argv.includes('--quick');

function check(label, command, args) {
  process.stdout.write(`\n> ${label}\n`);
  const run = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const passed = run.status === 0;
  results.push({ label, passed });
  process.stdout.write(`${passed ? 'ok' : 'FAILED'}: ${label}\n`);
  return passed;
}

function typecheckProjects() {
  const projects = [];
  // Examples are type-checked by `tsc -b`; packages also have a no-emit project that covers their tests.
  for (const folder of ['packages']) {
    const base = join(root, folder);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) {
      if (existsSync(join(base, name, 'tsconfig.json'))) projects.push(join(folder, name, 'tsconfig.json'));
    }
  }
  if (existsSync(join(root, 'test', 'tsconfig.json'))) projects.push('test/tsconfig.json');
  return projects;
}

const built = check('build (tsc -b)', bin('tsc'), ['-b']);
if (built)
  check('bundle the toolwright command (scripts/bundle-cli.mjs)', process.execPath, [
    join(root, 'scripts', 'bundle-cli.mjs'),
  ]);
if (!quick) {
  for (const project of typecheckProjects()) check(`typecheck ${project}`, bin('tsc'), ['-p', project, '--noEmit']);
  check('lint (eslint)', bin('eslint'), ['.']);
  check('format (prettier --check)', bin('prettier'), ['--check', '.']);
}

let vitestPassed = 0;
let vitestFailed = 0;
let vitestSkipped = 0;
if (built) {
  mkdirSync(join(root, '.test-results'), { recursive: true });
  const report = join(root, '.test-results', quick ? 'vitest-quick.json' : 'vitest.json');
  const config = quick ? ['--config', 'vitest.quick.config.ts'] : [];
  // A report left by an earlier run must not be read as this run's.
  rmSync(report, { force: true });
  const run = spawnSync(
    bin('vitest'),
    ['run', ...config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    vitestPassed = summary.numPassedTests;
    vitestFailed = summary.numFailedTests;
    vitestSkipped = summary.numPendingTests + summary.numTodoTests;
    // A suite that fails to load has no tests to count; count it as a failure.
    vitestFailed += summary.testResults.filter(
      (file) => file.status === 'failed' && file.assertionResults.length === 0,
    ).length;
  }
  if (run.status !== 0 && vitestFailed === 0) vitestFailed = 1;
} else {
  vitestFailed = 1;
}

const staticPassed = results.filter((result) => result.passed).length;
const staticFailed = results.length - staticPassed;
const passed = staticPassed + vitestPassed;
const failed = staticFailed + vitestFailed;
for (const result of results.filter((entry) => !entry.passed)) process.stdout.write(`failed check: ${result.label}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${vitestSkipped > 0 ? `, ${vitestSkipped} skipped` : ''}\n`);
process.exit(failed === 0 && vitestSkipped === 0 ? 0 : 1);
