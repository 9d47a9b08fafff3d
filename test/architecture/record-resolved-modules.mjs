// Module hooks for the framework-isolation test: every module Node resolves is appended, as a URL
// on its own line, to the file named by TOOLWRIGHT_LOADED_MODULES.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.TOOLWRIGHT_LOADED_MODULES, `${resolved.url}\n`);
  return resolved;
}
