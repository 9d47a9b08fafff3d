// toolwright installed the way a user installs it. The packages are packed with `pnpm pack`,
// the tarballs are installed with npm into a project outside the workspace, a plugin is compiled
// there with tsc, and the installed `toolwright` bin runs it. Nothing from the workspace is visible
// to that project, so its exports maps, .d.ts files and bin must work from the tarballs alone.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath, requireBuilt, ROOT } from '../helpers/paths.js';

/** The package folders under packages/, and the names they are published as. */
const PACKAGES = {
  core: '@toolwright/core',
  gate: '@toolwright/gate',
  shell: '@toolwright/shell',
  tools: '@toolwright/tools',
  mcp: '@toolwright/mcp',
  cli: 'toolwright',
  integrations: '@toolwright/integrations',
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
];

const FIXTURE = repoPath('test/pack/fixture-plugin');

interface Run {
  readonly label: string;
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * What a package manager passes to the scripts it runs (`npx vitest`, `pnpm test`): it describes the
 * workspace (its package, prefix, workspaces), not the user project, so npm there must not see it.
 */
const INJECTED =
  /^(npm_package_|npm_lifecycle_|npm_command$|npm_config_(local_prefix|prefix|global|global_prefix|workspaces?|include_workspace_root|dry_run|call)$|INIT_CWD$|PNPM_PACKAGE_NAME$)/;

/** The environment for child processes: this one, without what {@link INJECTED} matches. */
function childEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !INJECTED.test(key)));
  return { ...env, npm_config_update_notifier: 'false' };
}

/** Runs a command to the end (with a time limit: the test cannot interrupt a synchronous child). */
function run(command: string, args: readonly string[], cwd: string, timeoutMs = 60_000): Run {
  const label = `${command} ${args.join(' ')} (in ${cwd})`;
  const child = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: timeoutMs, env: childEnv() });
  const failure = child.error === undefined ? '' : `\n${String(child.error)}`;
  return { label, status: child.status, stdout: child.stdout ?? '', stderr: `${child.stderr ?? ''}${failure}` };
}

/** What a failed assertion about a run prints: the command, its exit code and both streams. */
function report(result: Run): string {
  return `${result.label} exited ${result.status}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}

/** Asserts that the run exited 0. */
function expectSuccess(result: Run): Run {
  expect(result.status, report(result)).toBe(0);
  return result;
}

const temporaryFolders: string[] = [];

/** A new folder under the system's temporary folder, removed after the tests. */
function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  temporaryFolders.push(folder);
  return folder;
}

afterAll(() => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

describe('the packed packages, installed with npm outside the workspace', () => {
  it('packs, installs with npm, compiles a plugin with tsc, and runs toolwright docs and call', () => {
    // 1. The tarballs hold dist, so the packages must be built (the test command runs `tsc -b` first).
    for (const folder of Object.keys(PACKAGES)) requireBuilt(`packages/${folder}/dist/index.js`);
    requireBuilt('packages/cli/dist/bin.js');

    // 2. pnpm pack each package: it rewrites the workspace:* dependencies to the real version.
    const pnpm = repoPath('node_modules/.bin/pnpm');
    const tarballFolder = temporaryFolder('toolwright-tarballs-');
    const tarballs: string[] = [];
    for (const folder of Object.keys(PACKAGES)) {
      const before = new Set(readdirSync(tarballFolder));
      expectSuccess(run(pnpm, ['pack', '--pack-destination', tarballFolder], repoPath(`packages/${folder}`)));
      const added = readdirSync(tarballFolder).filter((name) => name.endsWith('.tgz') && !before.has(name));
      expect(added, `pnpm pack in packages/${folder} should write one tarball`).toHaveLength(1);
      tarballs.push(join(tarballFolder, added[0] as string));
    }

    // 3. A user project outside the workspace installs the tarballs (and third-party packages from the registry).
    const project = temporaryFolder('toolwright-user-project-');
    expect(relative(ROOT, project).startsWith('..'), `${project} must be outside the workspace ${ROOT}`).toBe(true);
    cpSync(join(FIXTURE, 'package.json'), join(project, 'package.json'));
    expectSuccess(
      run('npm', ['install', '--no-audit', '--no-fund', ...tarballs, ...USER_DEPENDENCIES], project, 150_000),
    );
    const bin = join(project, 'node_modules', '.bin', 'toolwright');
    expect(existsSync(bin), 'npm install should link the toolwright bin into node_modules/.bin').toBe(true);
    expect(statSync(bin).mode & 0o111, `${bin} should be executable`).not.toBe(0);
    for (const name of Object.values(PACKAGES)) {
      const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
        dependencies?: Record<string, string>;
      };
      expect(manifest.version, `${name} installed from its tarball`).toBe('0.1.0');
      for (const [dependency, range] of Object.entries(manifest.dependencies ?? {}))
        expect(range, `${name} depends on ${dependency}`).not.toMatch(/^workspace:/);
    }
    // One copy of core: a plugin's classes and the CLI's must share AbstractTool.
    const cores = Object.values(PACKAGES).filter((name) =>
      existsSync(join(project, 'node_modules', name, 'node_modules', '@toolwright', 'core')),
    );
    expect(cores, 'packages with their own nested copy of @toolwright/core').toEqual([]);

    // 4. Compile the plugin with the project's tsc: its imports resolve through the exports maps to
    // the installed .d.ts files (skipLibCheck is off, so those files are type-checked too).
    cpSync(join(FIXTURE, 'src'), join(project, 'src'), { recursive: true });
    cpSync(join(FIXTURE, 'tsconfig.json'), join(project, 'tsconfig.json'));
    expectSuccess(run(join(project, 'node_modules', '.bin', 'tsc'), ['-p', '.'], project, 120_000));
    expect(existsSync(join(project, 'dist', 'index.js')), 'tsc should write dist/index.js').toBe(true);
    expect(JSON.parse(expectSuccess(run(process.execPath, ['dist/every-package.js'], project)).stdout)).toEqual({
      core: 'function',
      gate: true,
      mcp: 'function',
      shell: 'function',
      tools: ['Read', 'Write', 'Edit', 'Ls', 'Glob', 'Grep'],
      cli: 'function',
      integrations: ['ai-sdk'],
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

    // 5. The installed bin (run directly: its shebang and executable bit) on the compiled plugin.
    const toolwright = (...args: string[]) => run(bin, args, project);
    const docs = expectSuccess(toolwright('docs', 'dist/index.js'));
    expect(docs.stdout).toContain('## find_books\n');
    expect(docs.stdout).toContain('| `-i` | boolean | no | `false` | Ignore case when matching the title |');
    expect(docs.stdout).toContain(
      '| `format` | string: `hardcover`, `paperback`, `ebook` | no |  | Only books in this format |',
    );
    expect(docs.stdout).toContain('#### `price`');
    expect(docs.stdout).toContain('| `max` | integer | no |  | Highest price in cents |');
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
      content: 'tool requires allowBash=true: Bash',
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
  }, 240_000);
});
