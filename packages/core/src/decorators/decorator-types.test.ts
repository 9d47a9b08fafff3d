// The compile-time agreement of fields and schemas under both kinds of decorator. vitest's type
// check reads one tsconfig (legacy decorators), so this test runs the TypeScript compiler itself on
// the type fixtures: under standard decorators they must compile as they do under legacy ones, and
// with their `@ts-expect-error` directives removed, both modes must report the same mistakes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { tscOptions, type DecoratorSetup } from '../../test/fixtures/decorators/compile-fixture.js';
import { guideSnippet } from '../../test/fixtures/decorators/guide-snippets.js';

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/decorators/', import.meta.url));
const TYPES_FILE = join(FIXTURES, 'field-types.ts');
const STRIPPED_FILE = join(FIXTURES, 'field-types.without-directives.ts');
const OTHER_FIXTURES = [
  'field-kinds.ts',
  'search-issues/search-issues-toolwright.ts',
  'search-issues/search-issues-ai-sdk.ts',
].map((name) => join(FIXTURES, name));

const DIRECTIVE = /^\s*\/\/ @ts-expect-error -- (.+)$/;

/** The guide's examples of shorthands and Standard Schema fields, type-checked with the fixtures. */
const GUIDE_SNIPPETS = new Map([
  [join(FIXTURES, 'guide-shorthands.ts'), guideSnippet('## Shorthands')],
  [join(FIXTURES, 'guide-standard-schema-fields.ts'), guideSnippet('## Standard Schema fields')],
]);

/** The type fixture with each directive line emptied (lines keep their numbers), and what each line must report. */
function withoutDirectives(): { source: string; expected: { line: number; fragment: string }[] } {
  const lines = readFileSync(TYPES_FILE, 'utf8').split('\n');
  const expected: { line: number; fragment: string }[] = [];
  const source = lines
    .map((line, index) => {
      const match = DIRECTIVE.exec(line);
      if (match === null) return line;
      expected.push({ line: index + 2, fragment: match[1] as string });
      return '//';
    })
    .join('\n');
  return { source, expected };
}

/** Type-checks `rootNames`, the stripped fixture and the guide's snippets (served from memory) under a set-up. */
function typeCheck(setup: DecoratorSetup, rootNames: string[], stripped: string): readonly ts.Diagnostic[] {
  const options: ts.CompilerOptions = { ...tscOptions(setup), noEmit: true };
  const virtual = new Map([...GUIDE_SNIPPETS, [STRIPPED_FILE, stripped]]);
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file) ?? readFile.call(host, file);
  host.getSourceFile = (file, language, ...rest) => {
    const text = virtual.get(file);
    return text === undefined
      ? getSourceFile.call(host, file, language, ...rest)
      : ts.createSourceFile(file, text, language);
  };
  return ts.getPreEmitDiagnostics(ts.createProgram({ rootNames: [...rootNames, ...virtual.keys()], options, host }));
}

/** Each diagnostic as `file:line` and its full message chain. */
function describeDiagnostics(diagnostics: readonly ts.Diagnostic[]): { at: string; message: string }[] {
  return diagnostics.map((diagnostic) => {
    const file = diagnostic.file;
    const line =
      file === undefined || diagnostic.start === undefined
        ? 0
        : file.getLineAndCharacterOfPosition(diagnostic.start).line + 1;
    const name = file === undefined ? '(no file)' : file.fileName.slice(FIXTURES.length);
    return { at: `${name}:${line}`, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') };
  });
}

/** Checks that the stripped fixture reports exactly one error per directive, naming the expected mistake. */
function expectSameMistakes(setup: DecoratorSetup, rootNames: string[]): void {
  const { source, expected } = withoutDirectives();
  expect(expected.length).toBe(22);
  const found = describeDiagnostics(typeCheck(setup, rootNames, source));
  const inOtherFiles = found.filter((diagnostic) => !diagnostic.at.startsWith('field-types.without-directives.ts:'));
  expect(inOtherFiles).toEqual([]);
  expect(found.map((diagnostic) => diagnostic.at)).toEqual(
    expected.map(({ line }) => `field-types.without-directives.ts:${line}`),
  );
  found.forEach((diagnostic, index) => {
    expect(diagnostic.message).toContain(expected[index]?.fragment);
  });
}

describe('@ToolParam types under both kinds of decorator', () => {
  it('AU-1: under standard decorators the type fixtures compile, and each removed directive is the expected error', () => {
    expectSameMistakes('tsc-standard', [TYPES_FILE, ...OTHER_FIXTURES]);
  }, 240_000);

  it('AU-1: under legacy decorators each removed directive is the same error', () => {
    expectSameMistakes('tsc-legacy-metadata', []);
  }, 240_000);
});
