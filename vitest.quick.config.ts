// The quick test tier (`pnpm test:quick`, SPEC ST-4): unit, type and architecture tests for
// everyday work, in under 3 minutes on a 2-core machine. `pnpm test` runs everything
// (vitest.config.ts); this file chooses a subset of it, by these rules:
//
// In:
// - the unit tests beside their source files, `packages/*/src/**/*.test.ts`;
// - the architecture and docs tests, `test/architecture/*.test.ts` and `test/docs/*.test.ts`;
// - the type tests, `*.test-d.ts`.
// Out:
// - the integration tests, `packages/*/test/` and the other folders of `test/`: they start real
//   processes and servers (sshd, redis-server, MCP servers, bubblewrap sandboxes, docker, the built
//   command), pack the packages, or run the benchmarks;
// - a unit test whose source imports `node:child_process` (it starts real processes) or `typescript`
//   (it compiles programs with the TypeScript compiler);
// - property-based tests, `*.property.test.ts` (hundreds of generated cases each);
// - `*.darwin.test.ts`, which need a Mac.
// Files share their worker's modules (`isolate: false`), which saves most of the time a file
// spends loading its imports; `pnpm test` runs each file isolated.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** An import of a module that starts processes or runs the compiler. */
const SLOW_IMPORT = /\bfrom\s+['"](?:node:child_process|typescript)['"]/;

/** The unit test files (`packages/*\/src/**\/*.test.ts`) whose source has a slow import, relative to the root. */
function slowUnitTests(): string[] {
  const slow: string[] = [];
  for (const name of readdirSync(join(ROOT, 'packages')).sort()) {
    const source = join('packages', name, 'src');
    let files: string[];
    try {
      files = readdirSync(join(ROOT, source), { recursive: true, encoding: 'utf8' });
    } catch {
      continue; // a package without src/
    }
    for (const file of files.sort()) {
      const path = join(source, file);
      if (path.endsWith('.test.ts') && SLOW_IMPORT.test(readFileSync(join(ROOT, path), 'utf8'))) slow.push(path);
    }
  }
  return slow;
}

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'test/architecture/*.test.ts', 'test/docs/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.property.test.ts', '**/*.darwin.test.ts', ...slowUnitTests()],
    isolate: false,
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.typecheck.json',
    },
    testTimeout: 60_000,
  },
});
