// toolwright installed the way a user installs it. `scripts/pack-all.mjs` (`pnpm pack:all`) packs
// the public packages, the tarballs are installed with npm into a project outside the workspace, a
// plugin is compiled there with tsc, and the installed `toolwright` bin runs it. Nothing from the
// workspace is visible to that project, so its exports maps, .d.ts files, source maps and bin must
// work from the tarballs alone.
import { cpSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath, requireBuilt, ROOT } from '@toolwright/test-support/paths';
import { expectSuccess, removeTemporaryFolders, report, run, temporaryFolder, type Run } from './run-command.js';
import { describeDecoratorSetups } from './decorator-setups.js';
import { checkShippedFiles } from './shipped-files.js';

/** The package folders under packages/, and the names they are published as. */
const PACKAGES = {
  cli: 'toolwright',
  core: '@toolwright/core',
  gate: '@toolwright/gate',
  integrations: '@toolwright/integrations',
  mcp: '@toolwright/mcp',
  redis: '@toolwright/redis',
  shell: '@toolwright/shell',
  ssh: '@toolwright/ssh',
  tools: '@toolwright/tools',
} as const;

/**
 * Third-party packages the user project installs next to the tarballs (the workspace's versions);
 * `ai` (and its peer zod) for @toolwright/integrations/ai-sdk, whose optional peer it is. The AI
 * SDK's .d.ts files import 'json-schema' types it does not depend on: a project that type-checks
 * libraries (skipLibCheck off, as here) installs @types/json-schema itself.
 */
const USER_DEPENDENCIES = [
  'typescript@6.0.3',
  '@types/node@20.19.8',
  'ai@6.0.325',
  'zod@4.6.7',
  '@types/json-schema@7.0.15',
  // The other frameworks of @toolwright/integrations, for the examples run from the tarballs.
  '@openai/agents@0.20.0',
  '@langchain/core@1.4.0',
  '@langchain/langgraph@1.7.3',
  'langchain@1.5.14',
  // What a user builds or runs a TypeScript plugin with, and the MCP client that talks to `serve`
  // (test/pack/decorator-setups.ts).
  'esbuild@0.28.2',
  'tsx@4.23.15',
  '@modelcontextprotocol/client@2.4.0',
];

const FIXTURE = repoPath('test/pack/fixture-plugin');

/** The folder the tarballs are packed into, and the user project they are installed in. */
let tarballFolder = '';
let project = '';
let packed: Run = { label: '', status: null, stdout: '', stderr: '' };

/** Where npm installed a package in the user project. */
const installed = (name: string): string => join(project, 'node_modules', name);

beforeAll(() => {
  // The tarballs hold dist, so the packages must be built (the test command runs `tsc -b` first).
  for (const folder of Object.keys(PACKAGES)) requireBuilt(`packages/${folder}/dist/index.js`);
  requireBuilt('packages/cli/dist/bundle/toolwright.js');

  tarballFolder = temporaryFolder('toolwright-tarballs-');
  packed = expectSuccess(run(process.execPath, [repoPath('scripts/pack-all.mjs'), tarballFolder], ROOT, 180_000));

  project = temporaryFolder('toolwright-user-project-');
  expect(relative(ROOT, project).startsWith('..'), `${project} must be outside the workspace ${ROOT}`).toBe(true);
  cpSync(join(FIXTURE, 'package.json'), join(project, 'package.json'));
  const tarballs = Object.values(PACKAGES).map((name) => join(tarballFolder, tarballName(name)));
  expectSuccess(
    run('npm', ['install', '--no-audit', '--no-fund', ...tarballs, ...USER_DEPENDENCIES], project, 180_000),
  );
}, 400_000);

afterAll(removeTemporaryFolders, 120_000);

/** The file name pnpm gives a package's tarball: `@toolwright/core` → `toolwright-core-0.1.0.tgz`. */
function tarballName(name: string): string {
  return `${name.replace(/^@/, '').replace('/', '-')}-0.1.0.tgz`;
}

describe('the packed packages, installed with npm outside the workspace', () => {
  it('AU-5: pnpm pack:all packs exactly the public packages into one folder, and npm installs them together', () => {
    const names = Object.values(PACKAGES);
    expect(packed.stdout).toBe(
      [
        ...names.map((name) => `packed ${name}`),
        '',
        `9 packages in ${tarballFolder}:`,
        ...names.map((name) => `  ${tarballName(name)}`),
        `Install them in a project of yours with: npm install ${join(tarballFolder, '*.tgz')}`,
        '',
      ].join('\n'),
    );

    const bin = join(project, 'node_modules', '.bin', 'toolwright');
    expect(existsSync(bin), 'npm install should link the toolwright bin into node_modules/.bin').toBe(true);
    expect(statSync(bin).mode & 0o111, `${bin} should be executable`).not.toBe(0);
    for (const name of names) {
      const manifest = JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')) as {
        version: string;
        dependencies?: Record<string, string>;
      };
      expect(manifest.version, `${name} installed from its tarball`).toBe('0.1.0');
      for (const [dependency, range] of Object.entries(manifest.dependencies ?? {}))
        expect(range, `${name} depends on ${dependency}`).not.toMatch(/^workspace:/);
    }
    // One copy of core: a plugin's classes and the CLI's must share AbstractTool.
    const cores = names.filter((name) => existsSync(join(installed(name), 'node_modules', '@toolwright', 'core')));
    expect(cores, 'packages with their own nested copy of @toolwright/core').toEqual([]);
  });

  it('AU-5: every package ships the MIT LICENSE, license and repository fields, and exports ./package.json', () => {
    const license = readFileSync(repoPath('LICENSE'), 'utf8');
    expect(license).toContain('MIT License\n\nCopyright (c) 2026 the toolwright authors\n');
    const resolveFromProject = createRequire(join(project, 'package.json')).resolve;
    for (const [folder, name] of Object.entries(PACKAGES)) {
      expect(readFileSync(join(installed(name), 'LICENSE'), 'utf8'), `${name}/LICENSE`).toBe(license);
      const manifest = JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8')) as Record<
        string,
        unknown
      >;
      expect({ license: manifest.license, repository: manifest.repository }, name).toEqual({
        license: 'MIT',
        repository: {
          type: 'git',
          url: 'https://github.com/toolwright/toolwright.git',
          directory: `packages/${folder}`,
        },
      });
      expect(resolveFromProject(`${name}/package.json`)).toBe(join(installed(name), 'package.json'));
    }
  });

  it('AU-5: every sourceMappingURL resolves to a shipped map, every source a map names is shipped, and no test is', () => {
    const problems: Record<string, readonly string[]> = {};
    const tests: Record<string, readonly string[]> = {};
    for (const name of Object.values(PACKAGES)) {
      const shipped = checkShippedFiles(installed(name));
      problems[name] = shipped.problems;
      tests[name] = shipped.files.filter((file) => /\.test(?:-d)?\.ts$|^test\/|(?:^|\/)test-support\//.test(file));
      // Followed for real: dist/index.js and dist/index.d.ts each name a map, whose source is src/index.ts.
      expect(shipped.files, name).toEqual(
        expect.arrayContaining(['dist/index.js.map', 'dist/index.d.ts.map', 'src/index.ts', 'LICENSE']),
      );
      expect(shipped.mapReferences, `${name}: source map references followed`).toBeGreaterThanOrEqual(2);
      expect(shipped.mapSources, `${name}: map sources found`).toBeGreaterThanOrEqual(2);
    }
    const none = Object.fromEntries(Object.values(PACKAGES).map((name) => [name, []]));
    expect(problems).toEqual(none);
    expect(tests).toEqual(none);
  });

  it('AU-5: a plugin compiled with tsc against the installed packages runs through the installed toolwright bin', () => {
    // Compile the plugin with the project's tsc: its imports resolve through the exports maps to
    // the installed .d.ts files (skipLibCheck is off, so those files are type-checked too).
    cpSync(join(FIXTURE, 'src'), join(project, 'src'), { recursive: true });
    cpSync(join(FIXTURE, 'tsconfig.json'), join(project, 'tsconfig.json'));
    expectSuccess(run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', '.'], project, 220_000));
    expect(existsSync(join(project, 'dist', 'index.js')), 'tsc should write dist/index.js').toBe(true);
    expect(JSON.parse(expectSuccess(run(process.execPath, ['dist/every-package.js'], project)).stdout)).toEqual({
      core: 'function',
      gate: true,
      mcp: 'function',
      redis: 'function',
      shell: 'function',
      tools: ['Read', 'Write', 'Edit', 'Ls', 'Glob', 'Grep'],
      cli: 'function',
      integrations: ['ai-sdk', 'openai-agents', 'langchain', 'mastra', 'claude-agent-sdk'],
      aiSdk: {
        tools: ['find_books'],
        typo: {
          type: 'error-text',
          value: "Unknown parameter 'titel'. Did you mean 'title'? The tool was not executed.",
        },
        found: { type: 'text', value: 'Dune Messiah (ebook, 700 cents)' },
        imported: ['echo'],
      },
    });

    // The installed bin (run directly: its shebang and executable bit) on the compiled plugin.
    const toolwright = (...args: string[]) => run(join(project, 'node_modules', '.bin', 'toolwright'), args, project);
    const docs = expectSuccess(toolwright('docs', 'dist/index.js'));
    expect(docs.stdout).toContain('## find_books\n');
    expect(docs.stdout).toContain('| `-i` | boolean | no | `false` |  | Ignore case when matching the title |');
    expect(docs.stdout).toContain(
      '| `format` | string: `hardcover`, `paperback`, `ebook` | no |  |  | Only books in this format |',
    );
    expect(docs.stdout).toContain('#### `price`');
    expect(docs.stdout).toContain('| `max` | integer | no |  | ≥ 0 | Highest price in cents |');
    expect(expectSuccess(toolwright('check', 'dist/index.js')).stdout).toBe('1 tool checked, no problems.\n');

    const found = expectSuccess(
      toolwright(
        'call',
        'dist/index.js',
        'find_books',
        '{"title":"DUNE","-i":true,"format":"paperback","price":{"min":0,"max":1500}}',
        '--json',
      ),
    );
    expect(JSON.parse(found.stdout), report(found)).toMatchObject({
      isError: false,
      content: 'Dune (paperback, 1100 cents)',
      metadata: { policyDenied: false, truncated: false },
    });

    const typo = toolwright('call', 'dist/index.js', 'find_books', '{"titel":"dune"}');
    expect(typo, report(typo)).toMatchObject({
      status: 1,
      stdout: "Unknown parameter 'titel'. Did you mean 'title'? The tool was not executed.\n",
    });

    const denied = toolwright('call', 'builtin', 'Bash', '{"command":"echo hi"}', '--json');
    expect(denied.status, report(denied)).toBe(1);
    expect(JSON.parse(denied.stdout), report(denied)).toMatchObject({
      isError: true,
      content: 'tool requires allowBash=true: Bash; pass --allow-bash to let BASH tools run',
      metadata: { policyDenied: true },
    });
    const allowed = expectSuccess(
      toolwright('call', 'builtin', 'Bash', '{"command":"echo hi"}', '--allow-bash', '--json'),
    );
    expect(JSON.parse(allowed.stdout), report(allowed)).toMatchObject({
      isError: false,
      content: 'hi\n',
      metadata: { policyDenied: false, exitCode: 0 },
    });
  }, 360_000);

  it('IN-1, IN-2, IN-3: the integration examples, compiled against the installed packages and frameworks, print what the docs show', () => {
    // The examples as a user copies them: the same files, a tsconfig of the user's, the frameworks
    // from the registry and toolwright from the tarballs.
    const folder = join(project, 'integrations');
    cpSync(repoPath('examples/integrations/src'), join(folder, 'src'), { recursive: true });
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          skipLibCheck: true,
          rootDir: 'src',
          outDir: 'dist',
          types: ['node'],
        },
        include: ['src/**/*.ts'],
      }),
    );
    expectSuccess(run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', '.'], folder, 220_000));
    const docs = readFileSync(repoPath('docs/integrations.md'), 'utf8');
    for (const example of ['ai-sdk', 'openai-agents', 'langchain']) {
      const named = docs.indexOf(`examples/integrations/src/${example}.ts`);
      const start = docs.indexOf('```text\n', named) + '```text\n'.length;
      const documented = docs.slice(start, docs.indexOf('\n```', start) + 1);
      const output = expectSuccess(run(process.execPath, [join('dist', `${example}.js`)], folder, 60_000));
      expect(output.stdout, example).toBe(documented);
      expect(output.stdout, example).toContain("Did you mean 'state'?");
    }
  }, 360_000);
});

// The same plugin under every decorator set-up, in the project installed above.
describeDecoratorSetups(() => project);
