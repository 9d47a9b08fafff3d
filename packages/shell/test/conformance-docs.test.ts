// RS-1/AU-4: the conformance kit's test file in the shell's README (docs/shell.md links to it)
// type-checks as a user's test file, and its listProcesses finds a live process by its token and
// nothing once that process is dead.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LocalShell } from '@toolwright/shell';
import type { ConformanceTarget } from '@toolwright/shell/conformance';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';
import { newToken, survivors, waitUntilRunning } from '@toolwright/test-support/survivors';

/** The first ```ts block after `## Conformance kit` in `path`. */
function snippet(path: string): string {
  const text = readFileSync(repoPath(path), 'utf8');
  const start = text.indexOf('\n## Conformance kit\n');
  const match = /```ts\n([\s\S]*?)```/.exec(text.slice(start));
  if (start < 0 || match === null) throw new Error(`${path} has no TypeScript block under "## Conformance kit"`);
  return match[1] ?? '';
}

/** Type errors of `source` compiled as a test file of the shell package (packages/shell/tsconfig.json). */
function typeErrors(source: string): string[] {
  const file = repoPath('packages/shell/test/conformance-docs.snippet.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    repoPath('packages/shell/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  const options = { ...config?.options, noEmit: true };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.fileExists = (name) => name === file || fileExists(name);
  host.getSourceFile = (name, language, ...rest) =>
    name === file ? ts.createSourceFile(name, source, language) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram({ rootNames: [file], options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/** The target the snippet passes to describeShellConformance, from the snippet run as a module. */
async function documentedTarget(source: string): Promise<ConformanceTarget> {
  const folder = mkdtempSync(join(tmpdir(), 'toolwright-conformance-docs-'));
  try {
    const stub = join(folder, 'conformance-stub.mjs');
    writeFileSync(stub, 'export function describeShellConformance(target) { globalThis.documentedTarget = target; }\n');
    const shell = pathToFileURL(createRequire(import.meta.url).resolve('@toolwright/shell')).href;
    const javascript = ts
      .transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } })
      .outputText.replace("'@toolwright/shell/conformance'", JSON.stringify(pathToFileURL(stub).href))
      .replace("'@toolwright/shell'", JSON.stringify(shell));
    const module = join(folder, 'snippet.mjs');
    writeFileSync(module, javascript);
    await import(/* @vite-ignore */ pathToFileURL(module).href);
    return (globalThis as { documentedTarget?: ConformanceTarget }).documentedTarget as ConformanceTarget;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the conformance kit as documented', () => {
  it("RS-1: the shell README's test file type-checks, and docs/shell.md links to it instead of a copy", () => {
    const documented = snippet('packages/shell/README.md');
    const guide = readFileSync(repoPath('docs/shell.md'), 'utf8');
    expect(guide).toContain('(../packages/shell/README.md#conformance-kit)');
    expect(guide).not.toContain('describeShellConformance({');
    expect(documented).toContain("from '@toolwright/shell/conformance'");
    expect(typeErrors(documented)).toEqual([]);
  }, 60_000);

  it('RS-1: its listProcesses finds a live process by its token, and nothing once it is dead', async () => {
    const target = await documentedTarget(snippet('packages/shell/README.md'));
    expect(target.name).toBe('LocalShell');
    expect(await target.createShell()).toBeInstanceOf(LocalShell);
    const token = newToken();
    const child = spawn('sleep', [`1000.${token}`], { stdio: 'ignore' });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      expect(await waitUntilRunning(token)).toEqual([child.pid]);
      expect(await target.listProcesses(token)).toEqual([child.pid]);
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    expect(await target.listProcesses(token)).toEqual([]);
    expect(await survivors(token)).toEqual([]);
  });
});
