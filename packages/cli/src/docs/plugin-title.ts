import { dirname, join, resolve } from 'node:path';
import { readRegularFile } from '../io/read-regular-file.js';

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

/** The largest package.json read for a title. */
const MAX_PACKAGE_JSON_BYTES = 4 * 1_048_576;

function readName(file: string): string | undefined {
  // A package.json that is a FIFO or a device is never waited on, nor read without end.
  const read = readRegularFile(file, MAX_PACKAGE_JSON_BYTES);
  if (!read.ok) return undefined;
  const text = read.bytes.toString('utf8');
  try {
    const parsed: unknown = JSON.parse(text);
    const name = typeof parsed === 'object' && parsed !== null ? (parsed as { name?: unknown }).name : undefined;
    return typeof name === 'string' && name.trim() !== '' ? name : undefined;
  } catch {
    // A package.json that is not JSON names nothing; the folders above may.
    return undefined;
  }
}
