import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts', 'test/**/*.test-d.ts'],
      tsconfig: './tsconfig.typecheck.json',
    },
    testTimeout: 60_000,
  },
});
