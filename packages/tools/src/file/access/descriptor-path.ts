import { existsSync, fstatSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';

let procFolder: string | null | undefined;

/**
 * The folder through which this process's open descriptors are read back (Linux), or `null`:
 * `/proc/<pid>/fd` when `/proc/self` names this process there (the same folder, without
 * resolving the `self` link on every use), else `/proc/self/fd`.
 */
function descriptorsFolder(): string | null {
  if (procFolder !== undefined) return procFolder;
  procFolder = null;
  if (process.platform === 'linux' && existsSync('/proc/self/fd')) {
    let self: string | undefined;
    try {
      self = readlinkSync('/proc/self');
    } catch {
      self = undefined;
    }
    procFolder = self === String(process.pid) ? `/proc/${process.pid}/fd` : '/proc/self/fd';
  }
  return procFolder;
}

/** True where open descriptors can be read back through `/proc/self/fd` (Linux). */
export function canReadDescriptorPaths(): boolean {
  return descriptorsFolder() !== null;
}

/**
 * The real path of the file an open descriptor refers to, as the kernel knows it now (SPEC PA-2).
 * On Linux it is read from `/proc/self/fd/N`: exact, whatever happened to the path since the open
 * (a removed file reads back with a ` (deleted)` suffix, which matches no path). Elsewhere it is
 * the real path of `expected` when that still names the descriptor's file (same device and
 * inode), else `undefined`: a narrower check, which a swap right after it can still race.
 */
export function descriptorPath(descriptor: number, expected: string): string | undefined {
  try {
    const folder = descriptorsFolder();
    if (folder !== null) return readlinkSync(`${folder}/${descriptor}`);
    const opened = fstatSync(descriptor);
    const real = realpathSync.native(expected);
    const named = lstatSync(real);
    return named.dev === opened.dev && named.ino === opened.ino ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The path through which an open folder's descriptor is listed, and its entries opened
 * (`/proc/self/fd/N`, then `/N/name`), where the platform has one: whatever happens to the
 * folder's path, such a path leads into the very folder the descriptor holds.
 */
export function descriptorFolder(descriptor: number): string | undefined {
  const folder = descriptorsFolder();
  return folder === null ? undefined : `${folder}/${descriptor}`;
}
