/**
 * How to compile a plugin whose decorators Node cannot run as written: native `@` syntax (esbuild's
 * or Vite's default output, `target: esnext`) is a SyntaxError on Node 20.
 */
export const DECORATOR_HINT =
  'if the module was built with decorators (@ToolParam) left in place, compile them away: with TypeScript (tsc), or with esbuild --target=node20, which transform them (Vite keeps standard decorators in place for Node 20: set experimentalDecorators in the tsconfig it reads)';

/** The one-line reason a plugin module could not be loaded, with what to do about it where the cause is known. */
export function describeLoadError(specifier: string, error: unknown): string {
  const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const early = /^Cannot access '([^']+)' before initialization/.exec(reason);
  if (early !== null && error instanceof ReferenceError) {
    const name = early[1] ?? '';
    return `cannot load ${specifier}: ${reason}. A field is typed with the class ${name} before its declaration (decorator metadata reads the type when the class above is defined): type the field Forward<${name}> (from @toolwright/core), or move the class ${name} above the class that uses it`;
  }
  if (error instanceof SyntaxError) return `cannot load ${specifier}: ${reason}; ${DECORATOR_HINT}`;
  if (/decorator/i.test(reason)) return `cannot load ${specifier}: ${reason}; ${DECORATOR_HINT}`;
  return `cannot load ${specifier}: ${reason}`;
}
