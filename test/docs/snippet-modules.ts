// The TypeScript modules the doc blocks are checked as: a block and the blocks that continue it, after
// the prelude entries they use, each line traced back to its document and line.
import { basename, dirname, join } from 'node:path';
import ts from 'typescript';
import { repoPath } from '@toolwright/test-support/paths';
import type { MarkdownSnippet } from './markdown-snippets.js';
import { preludeFor } from './snippet-preludes.js';

/** Where a line of a snippet module comes from: a block's line, or the prelude. */
export type LineOrigin = { readonly snippet: MarkdownSnippet; readonly blockLine: number } | { readonly prelude: true };

/** One module to compile: a block with the blocks that continue it. */
export interface SnippetModule {
  /** Its (virtual) absolute path; inside the repository, so `@toolwright/*` resolve as for a user. */
  readonly path: string;
  readonly text: string;
  /** The blocks it is made of, in order. */
  readonly snippets: readonly MarkdownSnippet[];
  /** The origin of each line (index 0 is line 1). */
  readonly lines: readonly LineOrigin[];
  /** Compiled with TypeScript's default (standard) decorators rather than the repository's legacy ones. */
  readonly standardDecorators: boolean;
  /** Prelude entries used that only declare a name, so the module cannot run. */
  readonly declaredOnly: readonly string[];
}

/** A short name for a block: `docs/writing-tools.md:183`. */
export function snippetName(snippet: MarkdownSnippet): string {
  return `${snippet.document}:${snippet.line}`;
}

/** Groups blocks into chains: a block and the `continues` blocks after it. Skipped blocks are left out. */
export function chainSnippets(snippets: readonly MarkdownSnippet[]): MarkdownSnippet[][] {
  const chains: MarkdownSnippet[][] = [];
  let previous: { document: string; chain: MarkdownSnippet[] | undefined } | undefined;
  for (const snippet of snippets) {
    if (snippet.markers.continues) {
      const chain = previous?.document === snippet.document ? previous.chain : undefined;
      if (chain === undefined)
        throw new Error(`${snippetName(snippet)} continues a block, but the block before it is missing or skipped.`);
      chain.push(snippet);
    } else if (snippet.markers.skip === undefined) {
      chains.push([snippet]);
    }
    previous = { document: snippet.document, chain: snippet.markers.skip === undefined ? chains.at(-1) : undefined };
  }
  return chains;
}

/** The module of `chain` (all of it, or up to and including `upTo` for a run). */
export function snippetModule(chain: readonly MarkdownSnippet[], upTo = chain.length): SnippetModule {
  const snippets = chain.slice(0, upTo);
  const [first] = snippets;
  if (first === undefined) throw new Error('A snippet module needs at least one block.');
  const body: string[] = [];
  const origins: LineOrigin[] = [];
  const imported = new Set<string>();
  for (const snippet of snippets) {
    const code = withoutRepeatedImports(snippet.code, imported).replace(/\n$/, '');
    code.split('\n').forEach((line, index) => {
      body.push(line);
      origins.push({ snippet, blockLine: index + 1 });
    });
  }
  const prelude = preludeFor(first.document, body.join('\n'));
  const preludeLines = prelude.code === '' ? [] : prelude.code.split('\n');
  const folder = first.markers.source === undefined ? repoPath('test/docs') : dirname(repoPath(first.markers.source));
  const stem =
    first.markers.source === undefined ? first.document.replaceAll('/', '-') : basename(first.markers.source);
  return {
    path: join(folder, `${stem.replace(/\.\w+$/, '')}.snippet-${first.line}.ts`),
    text: [...preludeLines, ...body, ''].join('\n'),
    snippets,
    lines: [...preludeLines.map((): LineOrigin => ({ prelude: true })), ...origins],
    standardDecorators: snippets.some((snippet) => snippet.markers.standardDecorators),
    declaredOnly: prelude.declaredOnly,
  };
}

/**
 * The block with the import specifiers an earlier block of the chain already imported blanked out
 * (a reader pastes the blocks into one file and keeps one import of each name); lines are kept.
 */
function withoutRepeatedImports(code: string, imported: Set<string>): string {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest, true);
  let result = code;
  for (const statement of [...source.statements].reverse()) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const from = statement.moduleSpecifier.text;
    const names = importedNames(statement).map((name) => `${from}#${name}`);
    const fresh = names.filter((name) => !imported.has(name));
    if (fresh.length === names.length) continue;
    const clause = statement.importClause;
    const named = clause?.namedBindings;
    if (fresh.length > 0 && (clause?.name !== undefined || named === undefined || !ts.isNamedImports(named)))
      throw new Error(`Cannot merge the import of '${from}' into the block it continues: import each name once.`);
    const kept =
      named !== undefined && ts.isNamedImports(named)
        ? named.elements.filter((element) => fresh.includes(`${from}#${element.name.text}`))
        : [];
    const text = statement.getText(source);
    const replacement =
      kept.length === 0
        ? text.replace(/[^\n]/g, '')
        : `import { ${kept.map((element) => element.getText(source)).join(', ')} } from '${from}';` +
          '\n'.repeat(text.split('\n').length - 1);
    result = result.slice(0, statement.getStart(source)) + replacement + result.slice(statement.getEnd());
  }
  for (const statement of source.statements)
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier))
      for (const name of importedNames(statement)) imported.add(`${statement.moduleSpecifier.text}#${name}`);
  return result;
}

/** The local names an import declaration binds. */
function importedNames(statement: ts.ImportDeclaration): string[] {
  const clause = statement.importClause;
  if (clause === undefined) return [];
  const names = clause.name === undefined ? [] : [clause.name.text];
  const bindings = clause.namedBindings;
  if (bindings === undefined) return names;
  if (ts.isNamespaceImport(bindings)) return [...names, bindings.name.text];
  return [...names, ...bindings.elements.map((element) => element.name.text)];
}
