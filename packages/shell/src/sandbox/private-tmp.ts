// The folder a sandboxed shell's commands see as /tmp: private to the shell, shared by its commands.
import { isInside } from '@toolwright/core/node';
import { lstatSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';

const made = new Set<string>();
let cleanupInstalled = false;

/**
 * Makes a folder (mode 0700, in the host's temporary folder) that a sandboxed shell binds at
 * `/tmp` in every command: what one command leaves in /tmp the next one sees, the host's /tmp
 * stays out of sight, and the folder is removed when the shell is disposed or this process exits.
 */
export function makePrivateTmp(): string {
  const folder = mkdtempSync(`${tmpdir()}/toolwright-tmp-`);
  made.add(folder);
  if (!cleanupInstalled) {
    cleanupInstalled = true;
    process.on('exit', () => {
      for (const path of made) removePrivateTmp(path);
    });
  }
  return folder;
}

/** Removes a private /tmp and everything the commands left in it. */
export function removePrivateTmp(folder: string): void {
  made.delete(folder);
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch {
    // Still in use or already gone: nothing else to do.
  }
}

/**
 * Where the host finds what a sandboxed command calls `path` (absolute, normalised): outside
 * `/tmp` the same path; under `/tmp`, the host's own path when it exists there (the sandbox
 * binds such a path when it is writable or the working directory), else the same path in the
 * private tmp folder. `/tmp` itself is the private folder.
 */
export function hostPathOf(path: string, privateTmp: string, exists: (path: string) => boolean = existsOnHost): string {
  if (!isInside(path, '/tmp')) return path;
  if (path !== '/tmp' && exists(path)) return path;
  return `${privateTmp}${path.slice('/tmp'.length)}`;
}

/** What a sandboxed command calls a host path: paths in the private tmp folder are under `/tmp`. */
export function sandboxPathOf(hostPath: string, privateTmp: string): string {
  return isInside(hostPath, privateTmp) ? `/tmp${hostPath.slice(privateTmp.length)}` : hostPath;
}

function existsOnHost(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
