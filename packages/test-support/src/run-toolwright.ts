import { spawnSync } from 'node:child_process';
import { requireBuilt, ROOT } from './paths.js';

/** What one run of the built `toolwright` binary printed, and its exit code. */
export interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const BIN = requireBuilt('packages/cli/dist/bundle/toolwright.js');

/** Runs the built binary as a user would (a separate Node process); `input` is its standard input. */
export function toolwright(args: readonly string[], cwd = ROOT, input = ''): CliRun {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, input, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
