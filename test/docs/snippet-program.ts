// Type-checks snippet modules with the TypeScript compiler API: one program over all modules of a
// decorator set-up, each module a virtual file, importing the workspace packages as a user does.
import ts from 'typescript';
import { repoPath } from '@toolwright/test-support/paths';
import type { SnippetModule } from './snippet-modules.js';
import { snippetName } from './snippet-modules.js';

/** The repository's compiler options (tsconfig.base.json), for checking only. */
export function repositoryOptions(standardDecorators: boolean): ts.CompilerOptions {
  const path = repoPath('tsconfig.base.json');
  const config = ts.readConfigFile(path, (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repoPath('.'), undefined, path);
  const checked: ts.CompilerOptions = {
    ...options,
    noEmit: true,
    declaration: false,
    declarationMap: false,
    sourceMap: false,
    // A block without import or export is still its own module, as in a user's file.
    moduleDetection: ts.ModuleDetectionKind.Force,
  };
  if (standardDecorators) {
    delete checked.experimentalDecorators;
    delete checked.emitDecoratorMetadata;
  }
  return checked;
}

/** The messages per block, each naming the block and the document's line: `docs/x.md:29, line 41: Cannot find name 'model'.` */
export type SnippetDiagnostics = Map<string, string[]>;

/** Type-checks `modules` (all of one decorator set-up) in one program; returns the messages per block name. */
export function checkSnippetModules(
  modules: readonly SnippetModule[],
  standardDecorators: boolean,
): SnippetDiagnostics {
  const options = repositoryOptions(standardDecorators);
  const virtual = new Map(modules.map((module) => [module.path, module]));
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists.call(host, file);
  host.readFile = (file) => virtual.get(file)?.text ?? readFile.call(host, file);
  host.getSourceFile = (file, language, onError, create) => {
    const module = virtual.get(file);
    return module === undefined
      ? getSourceFile.call(host, file, language, onError, create)
      : ts.createSourceFile(file, module.text, language, true);
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });
  const messages: SnippetDiagnostics = new Map();
  for (const module of modules) for (const snippet of module.snippets) messages.set(snippetName(snippet), []);
  for (const diagnostic of [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()])
    messages.set('(compiler options)', [...(messages.get('(compiler options)') ?? []), flatten(diagnostic)]);
  for (const module of modules) {
    const source = program.getSourceFile(module.path);
    if (source === undefined) throw new Error(`The program lost ${module.path}.`);
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
      const origin = module.lines[line];
      const [first] = module.snippets;
      const owner = origin !== undefined && 'snippet' in origin ? origin.snippet : first;
      if (owner === undefined) continue;
      const where =
        origin !== undefined && 'snippet' in origin ? `line ${origin.snippet.line + origin.blockLine}` : 'its prelude';
      messages.get(snippetName(owner))?.push(`${snippetName(owner)}, ${where}: ${flatten(diagnostic)}`);
    }
  }
  return messages;
}

/** A diagnostic's message on one line. */
function flatten(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
}
