// The `toolwright` bin is a bundle (scripts/bundle-cli.mjs, SPEC PF-7): what it loads, watched by a
// module hook in the real process. It must load only its own files (not the packages' dist, where
// a mistake in the bundle's externals would send it), leave the SSH client's chunk alone until a
// connection is made, and start the Grep tool's worker from its own folder.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { repoPath, requireBuilt, ROOT } from '@toolwright/test-support/paths';

const BIN = requireBuilt('packages/cli/dist/bundle/toolwright.js');
const BUNDLE = repoPath('packages/cli/dist/bundle/');
const folder = mkdtempSync(join(tmpdir(), 'tw-bundle-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

// A load hook (run on Node's hooks thread, for the main thread and its workers) that appends each
// module's URL to the file named by TOOLWRIGHT_TEST_LOAD_LOG.
const HOOKS = join(folder, 'hooks.mjs');
writeFileSync(
  HOOKS,
  [
    "import { appendFileSync } from 'node:fs';",
    'export async function load(url, context, next) {',
    '  appendFileSync(process.env.TOOLWRIGHT_TEST_LOAD_LOG, `${url}\\n`);',
    '  return next(url, context);',
    '}',
  ].join('\n'),
);
const REGISTER = join(folder, 'register.mjs');
writeFileSync(
  REGISTER,
  `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(HOOKS).href)});\n`,
);

let logs = 0;
/** A fresh log file, and the environment that makes the hook write to it. */
function loadLog(): { path: string; env: Record<string, string> } {
  const path = join(folder, `loads-${++logs}.txt`);
  writeFileSync(path, '');
  return { path, env: { ...(process.env as Record<string, string>), TOOLWRIGHT_TEST_LOAD_LOG: path } };
}

/** The file modules a run loaded (node: builtins left out). */
function loadedFiles(log: string): string[] {
  return readFileSync(log, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => new URL(url).pathname);
}

/** The bundle's chunk that holds the SSH client (ssh2): the one file that names its key types. */
function sshChunk(): string {
  const holders = readdirSync(BUNDLE).filter(
    (name) => name.endsWith('.js') && readFileSync(join(BUNDLE, name), 'utf8').includes('ssh-ed25519'),
  );
  expect(holders).toHaveLength(1);
  return join(BUNDLE, holders[0]!);
}

describe('the toolwright bundle', () => {
  it('PF-7: serve builtin answers tools/list having loaded only the bundle’s own files, and not the SSH client', async () => {
    const { path, env } = loadLog();
    const client = new Client({ name: 'toolwright-bundle-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', REGISTER, BIN, 'serve', 'builtin', '--allow-write', '--allow-bash', '--sandbox', 'off'],
        cwd: ROOT,
        env,
        stderr: 'ignore',
      }),
    );
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((tool) => tool.name).join(', ')).toBe(
      'Read, Write, Edit, Ls, Glob, Grep, Bash, BashOutput, KillShell',
    );
    const files = loadedFiles(path).filter((file) => file !== HOOKS && file !== REGISTER);
    expect(files).toContain(BIN);
    expect(files.filter((file) => !file.startsWith(BUNDLE))).toEqual([]);
    expect(files).not.toContain(sshChunk());
  });

  it('starts the Grep tool’s worker from the bundle’s folder for a file past 256 KiB', () => {
    writeFileSync(join(folder, 'big.txt'), `${`${'x'.repeat(100)}\n`.repeat(3_000)}needle\n`);
    const { path, env } = loadLog();
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        REGISTER,
        BIN,
        'call',
        'builtin',
        'Grep',
        JSON.stringify({ pattern: 'needle', path: join(folder, 'big.txt'), output_mode: 'content' }),
      ],
      { cwd: folder, env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`${join(folder, 'big.txt')}:3001:needle\n`);
    expect(run.status).toBe(0);
    expect(loadedFiles(path)).toContain(join(BUNDLE, 'grep-worker.js'));
  });
});
