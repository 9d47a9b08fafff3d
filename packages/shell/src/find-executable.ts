import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The absolute path of an executable: `name` itself when it holds a slash, else the first match
 * in PATH or the usual system folders; `undefined` when there is none.
 */
export function findExecutable(name: string): string | undefined {
  const candidates = name.includes('/')
    ? [name]
    : [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin', '/usr/sbin', '/sbin']
        .filter((folder) => folder !== '')
        .map((folder) => join(folder, name));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
