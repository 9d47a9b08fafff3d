// The ```ts blocks of the README and the docs, with the marker comment written on the line before each.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { repoPath } from '@toolwright/test-support/paths';

/** How a block is checked, from its `<!-- snippet: … -->` marker (no marker: type-checked on its own). */
export interface SnippetMarkers {
  /** `continues`: type-checked appended to the previous block of the same document. */
  readonly continues: boolean;
  /** `run`: a complete program, also run with node (with the blocks it continues). */
  readonly run: boolean;
  /** `standard-decorators`: compiled with TypeScript's default decorators (no `experimentalDecorators`). */
  readonly standardDecorators: boolean;
  /** `skip (reason)`: not TypeScript to compile; the reason is required. */
  readonly skip?: string;
  /** `<!-- path/to/file.ts -->`: the block is a copy of that repository file, and is checked where it lives. */
  readonly source?: string;
}

/** One ```ts block of a Markdown document. */
export interface MarkdownSnippet {
  /** The document, relative to the repository root (`docs/writing-tools.md`). */
  readonly document: string;
  /** The line of the opening fence, 1-based. */
  readonly line: number;
  /** The code between the fences, ending with a newline. */
  readonly code: string;
  readonly markers: SnippetMarkers;
}

/** The documents whose TypeScript blocks are checked: README.md, docs/*.md, packages/*\/README.md. */
export function snippetDocuments(): string[] {
  const docs = readdirSync(repoPath('docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  const packages = readdirSync(repoPath('packages'))
    .map((name) => `packages/${name}/README.md`)
    .filter((path) => existsSync(repoPath(path)));
  return ['README.md', ...docs.sort(), ...packages.sort()];
}

/** Every ```ts block of `document`, in order. Throws on a marker it does not understand. */
export function extractSnippets(document: string, text = readFileSync(repoPath(document), 'utf8')): MarkdownSnippet[] {
  const lines = text.split('\n');
  const snippets: MarkdownSnippet[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const fence = /^(\s*)(`{3,})(\S*)/.exec(lines[index] ?? '');
    if (fence === null) continue;
    const [, indent = '', ticks = '', language = ''] = fence;
    const end = lines.findIndex((line, after) => after > index && line.trimEnd() === `${indent}${ticks}`);
    if (end < 0) throw new Error(`${document}:${index + 1}: a code block is never closed.`);
    if (language === 'ts' || language === 'typescript') {
      const body = lines.slice(index + 1, end).map((line) => line.slice(indent.length));
      const markers = parseMarkers(`${document}:${index + 1}`, index > 0 ? (lines[index - 1] ?? '') : '');
      snippets.push({ document, line: index + 1, code: `${body.join('\n')}\n`, markers });
    }
    index = end;
  }
  return snippets;
}

const NO_MARKERS: SnippetMarkers = { continues: false, run: false, standardDecorators: false };

/** Reads the HTML comment on the line before a block; `where` names the block in errors. */
function parseMarkers(where: string, line: string): SnippetMarkers {
  const comment = /^\s*<!--\s*(.*?)\s*-->\s*$/.exec(line)?.[1];
  if (comment === undefined) return NO_MARKERS;
  if (/^[\w./-]+\.tsx?$/.test(comment)) return { ...NO_MARKERS, source: comment };
  const list = /^snippet:\s*(.*)$/.exec(comment)?.[1];
  if (list === undefined) return NO_MARKERS;
  const markers = { ...NO_MARKERS } as { -readonly [Key in keyof SnippetMarkers]: SnippetMarkers[Key] };
  for (const item of list.split(/,\s*(?![^()]*\))/)) {
    const skip = /^skip\s*\((.+)\)$/.exec(item);
    if (skip !== null) markers.skip = skip[1];
    else if (item === 'continues') markers.continues = true;
    else if (item === 'run') markers.run = true;
    else if (item === 'standard-decorators') markers.standardDecorators = true;
    else
      throw new Error(
        `${where}: unknown snippet marker '${item}' (write continues, run, standard-decorators or skip (reason)).`,
      );
  }
  return markers;
}

/** Every ```ts block of every checked document. */
export function allSnippets(): MarkdownSnippet[] {
  return snippetDocuments().flatMap((document) => extractSnippets(document));
}
