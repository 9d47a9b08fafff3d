// Running commands the way a user's shell would, for the packaging tests: outside the workspace's
// package-manager environment, to the end, with both streams kept for the failure message.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

/** A finished command: what ran, its exit code and both streams. */
export interface Run {
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
export function run(command: string, args: readonly string[], cwd: string, timeoutMs = 60_000): Run {
  const label = `${command} ${args.join(' ')} (in ${cwd})`;
  const child = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: timeoutMs, env: childEnv() });
  const failure = child.error === undefined ? '' : `\n${String(child.error)}`;
  return { label, status: child.status, stdout: child.stdout ?? '', stderr: `${child.stderr ?? ''}${failure}` };
}

/**
 * Runs a command to the end without blocking, so that independent commands can run side by side;
 * past `timeoutMs` the child is killed and the run reports it.
 */
export function runAsync(command: string, args: readonly string[], cwd: string, timeoutMs = 120_000): Promise<Run> {
  const label = `${command} ${args.join(' ')} (in ${cwd})`;
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => {
      stderr += `\nkilled after ${timeoutMs} ms`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => (stderr += `\n${String(error)}`));
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ label, status, stdout, stderr });
    });
  });
}

/** What a failed assertion about a run prints: the command, its exit code and both streams. */
export function report(result: Run): string {
  return `${result.label} exited ${result.status}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`;
}

/** Asserts that the run exited 0. */
export function expectSuccess(result: Run): Run {
  expect(result.status, report(result)).toBe(0);
  return result;
}

const temporaryFolders: string[] = [];

/** A new folder under the system's temporary folder, removed by {@link removeTemporaryFolders}. */
export function temporaryFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  temporaryFolders.push(folder);
  return folder;
}

/** Removes every folder {@link temporaryFolder} made. */
export function removeTemporaryFolders(): void {
  for (const folder of temporaryFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
}
