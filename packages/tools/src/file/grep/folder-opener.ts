import { closeSync, constants, openSync } from 'node:fs';
import { canReadDescriptorPaths, descriptorFolder, descriptorPath } from '../access/descriptor-path.js';

const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;

/**
 * Opens many files by their real paths, each exactly the file judged (SPEC PA-2), with one check
 * per folder instead of one per file (SPEC PF-3). Where descriptors can be read back (Linux), a
 * file's folder is opened with `O_NOFOLLOW` and `O_DIRECTORY`, and its descriptor's path must be
 * the folder's real path; the file is then opened through that descriptor (`/proc/<pid>/fd/N/name`),
 * so it is the entry `name` of the very folder checked, whatever happens to the folder's path
 * after the check, and its real path is the folder's plus `/name` (the caller opens with
 * `O_NOFOLLOW`: a link in its place is not followed). Where that is not possible (another
 * platform, or a folder that can be entered but not read), each file's own descriptor is checked
 * as before. Files of one folder should come one after another: the folder stays open until
 * the next folder, or {@link release}.
 */
export class FolderOpener {
  #folder: string | undefined;
  #descriptor: number | undefined;
  /** `/proc/<pid>/fd/N/` of the open folder, or `undefined` when its files are checked one by one. */
  #through: string | undefined;

  /** Opens `path` (a real path) with `flags`; -1 when it is not the file judged (the folder or the file changed). */
  open(path: string, flags: number): number {
    const slash = path.lastIndexOf('/');
    const folder = slash <= 0 ? '/' : path.slice(0, slash);
    if (folder !== this.#folder) this.#enter(folder);
    const name = path.slice(slash + 1);
    // Only an entry's own name opens through the folder: '', '.' and '..' would name the folder or its parent.
    if (this.#through !== undefined && name !== '' && name !== '.' && name !== '..') {
      return openSync(`${this.#through}${name}`, flags);
    }
    const descriptor = openSync(path, flags);
    if (descriptorPath(descriptor, path) === path) return descriptor;
    closeSync(descriptor);
    return -1;
  }

  /** Closes the folder held open, if any. */
  release(): void {
    if (this.#descriptor !== undefined) closeSync(this.#descriptor);
    this.#folder = undefined;
    this.#descriptor = undefined;
    this.#through = undefined;
  }

  #enter(folder: string): void {
    this.release();
    this.#folder = folder;
    if (!canReadDescriptorPaths()) return;
    let descriptor: number;
    try {
      descriptor = openSync(folder, FOLDER_FLAGS);
    } catch {
      return; // Checked file by file: the open fails as it would have, or the folder may be entered but not read.
    }
    this.#descriptor = descriptor;
    // A folder that is not where it was judged (a link swapped in on the way) opens no file of its own:
    // each file's check then fails as it must.
    const through = descriptorFolder(descriptor);
    if (through !== undefined && descriptorPath(descriptor, folder) === folder) this.#through = `${through}/`;
  }
}
