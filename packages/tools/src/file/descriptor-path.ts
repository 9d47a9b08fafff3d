import { existsSync, fstatSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';

const PROC_FD = '/proc/self/fd';
let procAvailable: boolean | undefined;

/** True where open descriptors can be read back through `/proc/self/fd` (Linux). */
export function canReadDescriptorPaths(): boolean {
  procAvailable ??= process.platform === 'linux' && existsSync(PROC_FD);
  return procAvailable;
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
    if (canReadDescriptorPaths()) return readlinkSync(`${PROC_FD}/${descriptor}`);
    const opened = fstatSync(descriptor);
    const real = realpathSync.native(expected);
    const named = lstatSync(real);
    return named.dev === opened.dev && named.ino === opened.ino ? real : undefined;
  } catch {
    return undefined;
  }
}

/** The path through which an open folder's descriptor is listed (`/proc/self/fd/N`), where the platform has one. */
export function descriptorFolder(descriptor: number): string | undefined {
  return canReadDescriptorPaths() ? `${PROC_FD}/${descriptor}` : undefined;
}
