import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Refusal } from './file-access.js';
import { describeFileError, errorCode } from './file-errors.js';
import { descriptorPath } from './descriptor-path.js';

/** How a file tool opens its file. */
export type OpenMode = 'read' | 'edit' | 'write';

/** A file opened by {@link openJudgedFile}: exactly the file that was judged, and a regular one. */
export interface OpenedFile {
  readonly ok: true;
  readonly handle: FileHandle;
  readonly stats: Stats;
  /** True when the open created the file (Write to a new path). */
  readonly created: boolean;
}

/** The sentences a tool gives when its path is a folder or a special file. */
export interface OpenReasons {
  readonly folder: string;
  readonly special: string;
}

const FLAGS: Record<OpenMode, number> = {
  read: constants.O_RDONLY,
  edit: constants.O_RDWR,
  write: constants.O_WRONLY,
};
const SAFE = constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens the file the gate judged, and nothing else (SPEC PA-2). The real path is opened with
 * `O_NOFOLLOW` (a link put in its place is not followed) and `O_NONBLOCK` (a FIFO cannot hang the
 * open); the descriptor must be a regular file, and its path read back from the kernel must be
 * `realPath` exactly — a folder on the way swapped for a link shows there. Otherwise the file is
 * closed, a file this open created is removed, and the refusal says nothing was read or changed.
 * `write` opens an existing file without truncating it (the caller truncates after this check)
 * or creates a new one exclusively.
 */
export async function openJudgedFile(
  path: string,
  realPath: string,
  mode: OpenMode,
  reasons: OpenReasons,
): Promise<OpenedFile | ({ readonly ok: false } & Refusal)> {
  let handle: FileHandle | undefined;
  let created = false;
  try {
    for (let attempt = 0; handle === undefined; attempt++) {
      try {
        handle = await open(realPath, FLAGS[mode] | SAFE);
      } catch (error) {
        if (mode !== 'write' || errorCode(error) !== 'ENOENT' || attempt >= 3) throw error;
        try {
          handle = await open(realPath, FLAGS[mode] | SAFE | constants.O_CREAT | constants.O_EXCL, 0o666);
          created = true;
        } catch (createError) {
          if (errorCode(createError) !== 'EEXIST') throw createError;
        }
      }
    }
  } catch (error) {
    return { ok: false, ...describeOpenError(error, path, reasons) };
  }
  try {
    const stats = await handle.stat();
    const refusal = checkOpened(handle.fd, stats, path, realPath, reasons);
    if (refusal === undefined) return { ok: true, handle, stats, created };
    if (created) await removeCreated(handle.fd, stats, realPath);
    await handle.close();
    return { ok: false, ...refusal };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

function checkOpened(
  descriptor: number,
  stats: Stats,
  path: string,
  realPath: string,
  reasons: OpenReasons,
): Refusal | undefined {
  if (stats.isDirectory()) return { refused: 'directory', reason: reasons.folder };
  if (!stats.isFile()) return { refused: 'special-file', reason: reasons.special };
  const opened = descriptorPath(descriptor, realPath);
  if (opened === realPath) return undefined;
  return {
    refused: 'changed',
    reason: `${path} changed between the permission check and the open${opened === undefined ? '' : ` (it led to ${opened})`}; nothing was read or changed. Check the path and try again.`,
  };
}

/** Removes a file this call created, only while the path still names that very file. */
async function removeCreated(descriptor: number, stats: Stats, realPath: string): Promise<void> {
  const opened = descriptorPath(descriptor, realPath);
  if (opened === undefined || !opened.startsWith('/')) return;
  try {
    const now = await lstat(opened);
    if (now.dev === stats.dev && now.ino === stats.ino) await unlink(opened);
  } catch {
    // Gone already.
  }
}

function describeOpenError(error: unknown, path: string, reasons: OpenReasons): Refusal {
  switch (errorCode(error)) {
    case 'ELOOP':
      return {
        refused: 'changed',
        reason: `${path} is now a symbolic link, which it was not when the call was checked; nothing was read or changed. Check the path and try again.`,
      };
    case 'ENXIO':
    case 'ENODEV':
    case 'EOPNOTSUPP':
      return { refused: 'special-file', reason: reasons.special };
    case 'EISDIR':
      return { refused: 'directory', reason: reasons.folder };
    default:
      return describeFileError(error, path);
  }
}

/**
 * Creates the missing folders above `realPath` one at a time (SPEC PA-2): each new folder must
 * be exactly where it was meant to be (no link swapped in above it); one that landed elsewhere is
 * removed again and the call refused. Returns the first folder made, if any.
 */
export async function makeParentFolders(
  path: string,
  realPath: string,
): Promise<{ readonly ok: true; readonly first: string | undefined } | ({ readonly ok: false } & Refusal)> {
  const missing: string[] = [];
  for (let folder = dirname(realPath); ; folder = dirname(folder)) {
    let stats: Stats | undefined;
    try {
      stats = await lstat(folder);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') return { ok: false, ...describeFileError(error, path) };
    }
    if (stats === undefined) {
      missing.push(folder);
      if (dirname(folder) === folder) break;
      continue;
    }
    if (stats.isDirectory()) break;
    if (stats.isSymbolicLink()) return { ok: false, ...changed(path) };
    return {
      ok: false,
      refused: 'not-found',
      reason: `${path} cannot be created: a part of it is a file, not a folder.`,
    };
  }
  let first: string | undefined;
  for (const folder of missing.reverse()) {
    let made = true;
    try {
      await mkdir(folder);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') return { ok: false, ...describeFileError(error, path) };
      made = false;
    }
    let real: string;
    try {
      real = realpathSync.native(folder);
    } catch (error) {
      return { ok: false, ...describeFileError(error, path) };
    }
    if (real !== folder) {
      if (made) await rmdir(real).catch(() => undefined);
      return { ok: false, ...changed(path) };
    }
    if (made) first ??= folder;
  }
  return { ok: true, first };
}

function changed(path: string): Refusal {
  return {
    refused: 'changed',
    reason: `A folder on the way to ${path} changed between the permission check and the write (a symbolic link appeared); nothing was written. Check the path and try again.`,
  };
}
