import { closeSync, constants, openSync, readdirSync, type Dirent } from 'node:fs';
import { descriptorFolder, descriptorPath } from '../access/descriptor-path.js';

/**
 * The entries of the folder at `realPath`, listed from a descriptor opened with `O_NOFOLLOW` and
 * `O_DIRECTORY` whose path, read back from the kernel, is `realPath` exactly (SPEC PA-2): a folder
 * swapped for a link, or moved, after it was judged is not listed. `undefined` when it cannot be
 * listed so (gone, unreadable, changed).
 */
export function readFolder(realPath: string): Dirent[] | undefined {
  let descriptor: number;
  try {
    descriptor = openSync(realPath, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch {
    return undefined;
  }
  try {
    if (descriptorPath(descriptor, realPath) !== realPath) return undefined;
    // On Linux the listing goes through the descriptor itself, so no later swap of the path can redirect it.
    return readdirSync(descriptorFolder(descriptor) ?? realPath, { withFileTypes: true });
  } catch {
    return undefined;
  } finally {
    closeSync(descriptor);
  }
}
