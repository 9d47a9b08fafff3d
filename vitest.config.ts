import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    // *.darwin.test.ts run Seatbelt for real: only a Mac has it (elsewhere they would only be skipped).
    exclude: ['**/node_modules/**', '**/dist/**', ...(process.platform === 'darwin' ? [] : ['**/*.darwin.test.ts'])],
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.typecheck.json',
    },
    testTimeout: 60_000,
    globalSetup: ['test/bundle-cli.setup.mjs'],
  },
});
