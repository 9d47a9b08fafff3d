import ts from 'typescript';

/** What tsc emits for a plugin's source under legacy decorators with emitDecoratorMetadata. */
export function compileLegacy(source: string): string {
  return ts.transpileModule(source, {
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  }).outputText;
}
