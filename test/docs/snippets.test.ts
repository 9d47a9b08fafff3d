// Every ```ts block of README.md, docs/*.md and packages/*/README.md type-checks against the built
// packages as a user imports them, and the blocks marked `run` run; markers: test/docs/README.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolwright } from '@toolwright/test-support/run-toolwright';
import { ROOT } from '@toolwright/test-support/paths';
import { allSnippets } from './markdown-snippets.js';
import { chainSnippets, snippetModule, snippetName } from './snippet-modules.js';
import { createRunFolder, runProgram, type RunFolder } from './run-snippet.js';
import { checkSnippetModules, type SnippetDiagnostics } from './snippet-program.js';

const snippets = allSnippets();
const skipped = snippets.filter((snippet) => snippet.markers.skip !== undefined);
const checked = snippets.filter((snippet) => snippet.markers.skip === undefined).map(snippetName);
const chains = chainSnippets(snippets);
const modules = chains.map((chain) => snippetModule(chain));
/** Each block marked `run`, with the blocks it continues. */
const programs = chains.flatMap((chain) =>
  chain.flatMap((snippet, index) => (snippet.markers.run ? [snippetModule(chain, index + 1)] : [])),
);
const skipList = skipped.map((snippet) => `${snippetName(snippet)}: ${snippet.markers.skip}`).join('; ');

/** The program of the block marked run in `document` that declares `declaration`, written to the run folder. */
function writeProgram(document: string, declaration: string): string {
  const module = programs.find(
    (program) => program.snippets.at(-1)?.document === document && program.text.includes(declaration),
  );
  if (module === undefined) throw new Error(`${document} has no block marked run with ${declaration}.`);
  return folder.write(module);
}

const diagnostics: SnippetDiagnostics = new Map();
let folder: RunFolder;

// Two programs (the repository's legacy decorators, and TypeScript's default standard ones) over
// every block; on a loaded machine that takes a while, so the check gets its own generous limit.
beforeAll(() => {
  folder = createRunFolder();
  for (const standardDecorators of [false, true]) {
    const set = modules.filter((module) => module.standardDecorators === standardDecorators);
    for (const [name, messages] of checkSnippetModules(set, standardDecorators)) diagnostics.set(name, messages);
  }
}, 300_000);
afterAll(() => folder.remove());

describe(`AU-4: ${checked.length} TypeScript blocks of the README and docs (${skipped.length} skipped${skipped.length > 0 ? `: ${skipList}` : ''})`, () => {
  it('AU-4: the compiler options are accepted', () => {
    expect(diagnostics.get('(compiler options)') ?? []).toEqual([]);
  });

  it.each(checked)('AU-4: %s type-checks', (name) => {
    expect(diagnostics.get(name)).toEqual([]);
  });

  it.each(programs.map((module) => [module.snippets.map(snippetName).join(' + '), module] as const))(
    'AU-4: %s runs with node and exits 0',
    (_name, module) => {
      expect(runProgram(folder.write(module))).toEqual({ status: 0, stdout: '', stderr: '' });
    },
  );

  it("AU-4: the blocks marked run include the README quick start and the guide's tool example", () => {
    expect(programs.map((module) => module.snippets.at(-1)?.document)).toEqual(
      expect.arrayContaining(['README.md', 'docs/writing-tools.md']),
    );
  });
});

describe('the README quick start, compiled with standard decorators, through toolwright', () => {
  it("AU-4: SearchTool refuses the README's typo and runs a good call", () => {
    const plugin = writeProgram('README.md', 'class SearchTool');
    expect(toolwright(['call', plugin, 'search', '{"qeury":"gift"}'], ROOT)).toEqual({
      status: 1,
      stdout: "Unknown parameter 'qeury'. Did you mean 'query'? The tool was not executed.\n",
      stderr: '',
    });
    expect(toolwright(['call', plugin, 'search', '{"query":"gift","-i":true}'], ROOT)).toEqual({
      status: 0,
      stdout: 'searched for gift (any case)\n',
      stderr: '',
    });
  });
});

// The guide's GrepInput and GrepTool (with the blocks between them), as the guide's reader pastes
// them into one file; the prelude supplies the search itself.
describe('docs/writing-tools.md, followed as written, through toolwright', () => {
  it('AU-4: GrepTool checks, constructs, and runs', () => {
    const plugin = writeProgram('docs/writing-tools.md', 'class GrepTool');
    expect(toolwright(['check', plugin], ROOT)).toEqual({
      status: 0,
      stdout: '1 tool checked, no problems.\n',
      stderr: '',
    });
    expect(toolwright(['call', plugin, 'grep', '{"pattern":"TODO","path":"src"}'], ROOT)).toEqual({
      status: 0,
      stdout: 'searched src for TODO (files_with_matches)\n',
      stderr: '',
    });
  });

  it("PM-2: the guide's GrepTool takes its permission subject from path, so path rules judge it", () => {
    const plugin = writeProgram('docs/writing-tools.md', 'class GrepTool');
    const denied = toolwright(
      ['call', plugin, 'grep', '{"pattern":"TODO","path":"/etc"}', '--allow', `grep(${ROOT}**)`],
      ROOT,
    );
    expect(denied).toEqual({
      status: 1,
      stdout: `Permission denied: grep of '/etc' matches no allow rule (grep(${ROOT}**)).\n`,
      stderr: '',
    });
  });
});
