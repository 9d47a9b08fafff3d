// How a user builds the fixture plugin (test/pack/fixture-setups) under each decorator set-up, the
// module each build hands the toolwright CLI, what marks each build's output, and which kind of
// decorator runs. The tsconfig.json there sets no decorator flag, so esbuild and tsx, which read
// it, use standard decorators; the legacy builds name their own tsconfig.

/** How each set-up builds the plugin, the module the CLI is given, what marks its output and the decorator kind. */
export const SETUPS = {
  'tsc-legacy-metadata': {
    build: ['tsc', '-p', 'tsconfig.legacy-metadata.json'],
    plugin: 'out/tsc-legacy-metadata/index.js',
    markers: { file: 'out/tsc-legacy-metadata/inputs.js', has: ['__decorate(', '"design:type"'], lacks: [] },
    kind: 'legacy',
  },
  'tsc-legacy': {
    build: ['tsc', '-p', 'tsconfig.legacy.json'],
    plugin: 'out/tsc-legacy/index.js',
    markers: { file: 'out/tsc-legacy/inputs.js', has: ['__decorate('], lacks: ['"design:type"'] },
    kind: 'legacy',
  },
  'tsc-standard': {
    build: ['tsc', '-p', 'tsconfig.json'],
    plugin: 'out/tsc-standard/index.js',
    markers: { file: 'out/tsc-standard/inputs.js', has: ['__esDecorate('], lacks: ['__decorate(', 'design:type'] },
    kind: 'standard',
  },
  esbuild: {
    build: [
      'esbuild',
      'src/index.ts',
      '--bundle',
      '--packages=external',
      '--platform=node',
      '--format=esm',
      '--target=node20',
      '--outdir=out/esbuild',
    ],
    plugin: 'out/esbuild/index.js',
    markers: { file: 'out/esbuild/index.js', has: ['__decorateElement('], lacks: ['design:type'] },
    kind: 'standard',
  },
  // tsx compiles on load: the CLI registers it for a .ts plugin when the project has it installed.
  tsx: { build: undefined, plugin: 'src/index.ts', markers: undefined, kind: 'standard' },
} as const;

/** The name of one set-up. */
export type Setup = keyof typeof SETUPS;

/** The set-ups, in the order they are reported. */
export const SETUP_NAMES = Object.keys(SETUPS) as Setup[];
