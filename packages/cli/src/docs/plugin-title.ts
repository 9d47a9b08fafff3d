import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The title of a plugin's reference docs when `--title` is not given: `Built-in tools` for
 * `builtin`; else `<name> tools`, with the `name` of the nearest package.json above the module
 * that has one (a `dist/package.json` that only sets `"type"` is passed over); else
 * `<module> tools`.
 */
export function pluginTitle(specifier: string, cwd: string): string {
  if (specifier === 'builtin') return 'Built-in tools';
  return `${packageName(resolve(cwd, specifier)) ?? specifier} tools`;
}

/** The `name` of the nearest package.json above `path` that declares one. */
export function packageName(path: string): string | undefined {
  let folder = dirname(path);
  for (;;) {
    const name = readName(join(folder, 'package.json'));
    if (name !== undefined) return name;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}

function readName(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    const name = typeof parsed === 'object' && parsed !== null ? (parsed as { name?: unknown }).name : undefined;
    return typeof name === 'string' && name.trim() !== '' ? name : undefined;
  } catch {
    // A package.json that is not JSON names nothing; the folders above may.
    return undefined;
  }
}
