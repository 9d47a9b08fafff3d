// A TypeDoc plugin for the API reference (`pnpm api-docs`): each entry point's module is named as a
// user imports it — `@toolwright/core/node`, `toolwright` — instead of its folder in the checkout
// (`packages/core/src/node`). The names come from each package's package.json.
import { readFileSync } from 'node:fs';
import { Converter, ReflectionKind } from 'typedoc';

const packagesFolder = new URL('../packages/', import.meta.url);

/** `packages/<folder>/src[/<subpath>]`, as TypeDoc names an entry point under `packages/`. */
const ENTRY_POINT = /^packages\/([^/]+)\/src(?:\/(.+))?$/;

/** The import specifier for a module TypeDoc named after its folder, or the name unchanged. */
function importSpecifier(folderName) {
  const match = ENTRY_POINT.exec(folderName);
  if (match === null) return folderName;
  const [, packageFolder, subpath] = match;
  const manifest = JSON.parse(readFileSync(new URL(`${packageFolder}/package.json`, packagesFolder), 'utf8'));
  return subpath === undefined ? manifest.name : `${manifest.name}/${subpath}`;
}

/** Called by TypeDoc when it loads the plugin. */
export function load(application) {
  application.converter.on(Converter.EVENT_CREATE_DECLARATION, (_context, reflection) => {
    if (reflection.kind === ReflectionKind.Module) reflection.name = importSpecifier(reflection.name);
  });
}
