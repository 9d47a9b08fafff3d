// Runs a snippet module that is a complete program: transpiled as the repository compiles it, written
// to a folder inside the repository (so `@toolwright/*` resolve as installed), and run with node.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import ts from 'typescript';
import { repoPath } from '@toolwright/test-support/paths';
import { snippetName, type SnippetModule } from './snippet-modules.js';
import { repositoryOptions } from './snippet-program.js';

/** A folder of programs made from snippets; remove it when done. */
export interface RunFolder {
  readonly root: string;
  /** Transpiles `module` into the folder; returns the path of the `.mjs` file. */
  write(module: SnippetModule): string;
  remove(): void;
}

/** What a run printed, and its exit code. */
export interface SnippetRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Makes a run folder in `node_modules/.cache`: inside the repository, so packages resolve from the
 * root `node_modules`, and out of sight of the lint and format checks that may run meanwhile.
 */
export function createRunFolder(): RunFolder {
  const cache = repoPath('node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const root = mkdtempSync(join(cache, 'doc-snippets-'));
  return {
    root,
    write(module) {
      const [first] = module.snippets;
      if (first?.markers.source !== undefined)
        throw new Error(`${snippetName(first)} is a copy of ${first.markers.source}: run that file instead.`);
      if (module.declaredOnly.length > 0)
        throw new Error(
          `${module.snippets.map(snippetName).join(' + ')} cannot run: its prelude only declares ${module.declaredOnly.join(', ')}.`,
        );
      const options = { ...repositoryOptions(module.standardDecorators), module: ts.ModuleKind.ES2022, noEmit: false };
      const output = ts.transpileModule(module.text, { compilerOptions: options, fileName: basename(module.path) });
      const path = join(root, basename(module.path).replace(/\.ts$/, '.mjs'));
      writeFileSync(path, output.outputText);
      return path;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Runs a program with node, as a separate process (a generous limit: shared machines are slow). */
export function runProgram(path: string): SnippetRun {
  const run = spawnSync(process.execPath, [path], { cwd: join(path, '..'), encoding: 'utf8', timeout: 120_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
