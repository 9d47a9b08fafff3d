// The snippet check itself: markers are read as written, continued blocks import each name once,
// and a broken block is reported with its document and line.
import { describe, expect, it } from 'vitest';
import { extractSnippets } from './markdown-snippets.js';
import { chainSnippets, snippetModule } from './snippet-modules.js';
import { checkSnippetModules } from './snippet-program.js';

const GUIDE = [
  '# Guide',
  '',
  '```ts',
  "import { ToolGate } from '@toolwright/gate';",
  '',
  'const gate = new ToolGate({ tools: [] });',
  '```',
  '',
  '<!-- snippet: continues, run -->',
  '```ts',
  "import { SchemaValidationMode, ToolGate } from '@toolwright/gate';",
  'gate.offeredTools({ allowWrite: true, allowBash: false, maxToolOutputChars: 1 });',
  'const mode: SchemaValidationMode = SchemaValidationMode.ENFORCE;',
  'const typo = new ToolGate({ tols: [] });',
  '```',
  '',
  '<!-- snippet: skip (the shape of a result, not code) -->',
  '```ts',
  '{ content: string }',
  '```',
  '',
  '```sh',
  'toolwright check',
  '```',
].join('\n');

describe('reading the blocks of a document', () => {
  it('AU-4: extracts each ts block with its fence line and markers', () => {
    expect(extractSnippets('docs/guide.md', GUIDE).map(({ line, markers }) => ({ line, markers }))).toEqual([
      { line: 3, markers: { continues: false, run: false, standardDecorators: false } },
      { line: 10, markers: { continues: true, run: true, standardDecorators: false } },
      {
        line: 18,
        markers: { continues: false, run: false, standardDecorators: false, skip: 'the shape of a result, not code' },
      },
    ]);
  });

  it('AU-4: refuses a marker it does not know, naming the block', () => {
    expect(() => extractSnippets('docs/guide.md', '<!-- snippet: runs -->\n```ts\nx;\n```\n')).toThrow(
      "docs/guide.md:2: unknown snippet marker 'runs' (write continues, run, standard-decorators or skip (reason)).",
    );
  });

  it('AU-4: refuses continues after a skipped block', () => {
    const text = '<!-- snippet: skip (a sketch) -->\n```ts\nx\n```\n<!-- snippet: continues -->\n```ts\ny;\n```\n';
    expect(() => chainSnippets(extractSnippets('docs/guide.md', text))).toThrow(
      'docs/guide.md:6 continues a block, but the block before it is missing or skipped.',
    );
  });
});

describe('checking a chain of blocks', () => {
  const [chain, ...rest] = chainSnippets(extractSnippets('docs/guide.md', GUIDE));
  const module = snippetModule(chain ?? []);

  it('AU-4: a continued block keeps only the imports not made before, on the same lines', () => {
    expect(rest).toEqual([]);
    expect(module.text.split('\n').slice(3, 5)).toEqual([
      "import { SchemaValidationMode } from '@toolwright/gate';",
      'gate.offeredTools({ allowWrite: true, allowBash: false, maxToolOutputChars: 1 });',
    ]);
  });

  it("AU-4: a broken block is reported with the document's line", () => {
    const diagnostics = checkSnippetModules([module], false);
    expect([...diagnostics]).toEqual([
      ['docs/guide.md:3', []],
      [
        'docs/guide.md:10',
        [
          "docs/guide.md:10, line 14: Object literal may only specify known properties, but 'tols' does not exist in type 'ToolGateOptions'. Did you mean to write 'tools'?",
        ],
      ],
    ]);
  });
});
