// docs/writing-tools.md as a newcomer follows it: the input class and the tool class, copied into a
// project, compile with tsc (type-checked against the installed packages), construct, and run
// through toolwright. Its GrepTool once named a subject field its input did not declare.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '../helpers/paths.js';
import { freshProject, type FreshProject } from './fresh-project.js';
import { toolwright } from './run-toolwright.js';

const GUIDE = readFileSync(repoPath('docs/writing-tools.md'), 'utf8');

/** The first ```ts block after a heading of the guide. */
function snippetAfter(heading: string): string {
  const start = GUIDE.indexOf(`\n${heading}\n`);
  const match = /```ts\n([\s\S]*?)```/.exec(GUIDE.slice(start));
  if (start < 0 || match === null) throw new Error(`docs/writing-tools.md has no TypeScript block after ${heading}`);
  return match[1] ?? '';
}

// What the guide leaves to the reader: the search itself.
const SEARCH = `
function search(input: GrepInput, cwd: string, signal: AbortSignal): string[] {
  return [\`\${signal.aborted ? 'aborted' : 'searched'} \${input.path ?? cwd} for \${input.pattern} (\${input.outputMode})\`];
}
export default [new GrepTool()];
`;

let project: FreshProject;
let diagnostics: string[] = [];

// tsc on a loaded machine can take a while: the compile gets its own generous limit.
beforeAll(() => {
  project = freshProject('grep-guide');
  project.write(
    'src/index.ts',
    [snippetAfter('## The input class'), snippetAfter('## The tool class'), SEARCH].join('\n'),
  );
  diagnostics = compile();
}, 300_000);
afterAll(() => project.remove());

/** Compiles the project with the options the guide asks for; returns tsc's messages. */
function compile(): string[] {
  const program = ts.createProgram([join(project.root, 'src/index.ts')], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    rootDir: join(project.root, 'src'),
    outDir: join(project.root, 'dist'),
    typeRoots: [repoPath('node_modules/@types')],
    types: ['node'],
    // The installed packages' own .d.ts files are checked by their builds; the guide's code is what is checked here.
    skipLibCheck: true,
  });
  const emitted = program.emit();
  return [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].map((diagnostic) =>
    ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  );
}

describe('docs/writing-tools.md, followed as written', () => {
  it('AU-4: the GrepInput and GrepTool snippets compile, construct, and run through toolwright', () => {
    expect(diagnostics).toEqual([]);
    expect(toolwright(['check', 'dist/index.js'], project.root)).toEqual({
      status: 0,
      stdout: '1 tool checked, no problems.\n',
      stderr: '',
    });
    expect(toolwright(['call', 'dist/index.js', 'grep', '{"pattern":"TODO","path":"src"}'], project.root)).toEqual({
      status: 0,
      stdout: 'searched src for TODO (files_with_matches)\n',
      stderr: '',
    });
  });

  it("PM-2: the guide's GrepTool takes its permission subject from path, so path rules judge it", () => {
    const denied = toolwright(
      ['call', 'dist/index.js', 'grep', '{"pattern":"TODO","path":"/etc"}', '--allow', `grep(${project.root}/**)`],
      project.root,
    );
    expect(denied).toEqual({
      status: 1,
      stdout: `Permission denied: grep of '/etc' matches no allow rule (grep(${project.root}/**)).\n`,
      stderr: '',
    });
  });
});
