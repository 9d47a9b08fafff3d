// A stated policy made concrete for one command: every path canonical, existing, in mount order.
import { isInside, isPathProblem, resolvePath } from '@toolwright/core/node';
import { lstatSync, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix } from 'node:path';
import { ShellOptionsError } from '../shell-options-error.js';
import { ShellStartError } from '../shell-start-error.js';
import { expandPolicyPath } from './expand-paths.js';
import { findSecrets, LOCAL_FOLDERS, type FolderReader, type SecretSearchCache } from './find-secrets.js';
import { hostPathOf, sandboxPathOf } from './private-tmp.js';
import { checkDomainRules } from './sandbox-setting.js';
import type { ResolvedSandboxPolicy, SandboxPolicy } from '../sandbox-policy.js';

// Files that run code the next time a person (not the sandbox) works in a folder: a command may
// change the rest of a writable folder, never these (a git hook, `core.hooksPath`, a login script).
export const STARTUP_FILES: readonly string[] = [
  '.bashrc',
  '.bash_profile',
  '.bash_login',
  '.bash_logout',
  '.profile',
  '.zshrc',
  '.zprofile',
  '.zshenv',
  '.zlogin',
  '.gitconfig',
];

/**
 * The machine whose paths a policy is resolved on: this one by default, or an SSH host whose
 * answers a survey made there beforehand (see `@toolwright/ssh`).
 */
export interface PolicyHost {
  readonly folders: FolderReader;
  /** What the last searches read, for one shell: unchanged folders are not read again (see SecretSearchCache). */
  readonly searchCache?: SecretSearchCache;
  /** The canonical path (every link resolved) of an existing `path`, else undefined. */
  realPath(path: string): string | undefined;
  /** True when `path` exists, as a link too (a dangling one included). */
  exists(path: string): boolean;
  isFolder(realPath: string): boolean;
  /** Makes an empty folder where none is (a repository's missing `.git/hooks`); failures are ignored. */
  makeFolder(path: string): void;
  /** The existing paths a readOnly or readDenied entry names (a glob expanded). */
  expand(path: string): Promise<string[]>;
}

/** This machine, through the path authority (PA-1). */
export const LOCAL_HOST: PolicyHost = {
  folders: LOCAL_FOLDERS,
  realPath(path) {
    const resolved = resolvePath(path, '/');
    return isPathProblem(resolved) || !resolved.exists ? undefined : resolved.realPath;
  },
  exists(path) {
    try {
      lstatSync(path);
      return true;
    } catch {
      return false;
    }
  },
  isFolder(path) {
    try {
      return statSync(path).isDirectory();
    } catch {
      return false;
    }
  },
  makeFolder(path) {
    try {
      mkdirSync(path);
    } catch {
      // A dangling link or a race: nothing is protected there, and nothing is made.
    }
  },
  expand: expandPolicyPath,
};

// What the kernel gives the command afresh: host paths there are never mount targets.
const FRESH_MOUNTS = ['/proc', '/dev', '/tmp'];

/**
 * The policy for one command in `cwd` (SPEC SB-2). Writable: the stated paths (default: `cwd`),
 * each canonicalised by the path authority; a stated path whose real path differs (it passes
 * through a symbolic link) while it lies inside another writable path is left out, since a
 * command could have planted that link. Read-denied: the stated paths and every secret the
 * secret list finds in the writable folders, the working directory and the home folder. Protected:
 * `.git/hooks` and `.git/config` of the repositories found, and login scripts, inside writable
 * folders. Paths that do not exist are left out; nothing here can abort the sandbox. The paths
 * are those of `host`: this machine unless said otherwise.
 */
export async function resolveSandboxPolicy(
  policy: SandboxPolicy | undefined,
  cwd: string,
  privateTmp: string,
  home: string = homedir(),
  host: PolicyHost = LOCAL_HOST,
): Promise<ResolvedSandboxPolicy> {
  const hostCwd = host.realPath(hostPathOf(posix.resolve(cwd), privateTmp, host.exists));
  if (hostCwd === undefined || !host.isFolder(hostCwd))
    throw new ShellStartError(`The working directory does not exist or is not a directory: ${cwd}`);
  const sandboxCwd = sandboxPathOf(hostCwd, privateTmp);
  const stated = policy?.writable ?? [cwd];
  // What lies in the private tmp folder is writable already; only host paths are bound.
  const hostWritable = stated.flatMap((path) => {
    if (!path.startsWith('/')) throw new ShellOptionsError(`sandbox.writable paths must be absolute, not ${path}`);
    const hostPath = hostPathOf(posix.resolve(path), privateTmp, host.exists);
    return isInside(hostPath, privateTmp) ? [] : [hostPath];
  });
  const writable = resolveWritable(hostWritable, host);
  const cwdBound = sandboxCwd === hostCwd;
  const searched = outermost([...writable, ...(cwdBound ? [hostCwd] : [])]);
  const visible = (path: string): boolean =>
    !FRESH_MOUNTS.some((fresh) => isInside(path, fresh)) || searched.some((root) => isInside(path, root));
  const { secrets, gitFolders } = await findSecrets(searched, home, host.folders, host.searchCache);
  const denied = new Map<string, ResolvedSandboxPolicy['readDenied'][number]>();
  for (const secret of secrets)
    if (visible(secret.path)) denied.set(secret.path, { ...secret, why: `a secret (${secret.why})` });
  for (const path of (await Promise.all((policy?.readDenied ?? []).map((entry) => host.expand(entry)))).flat()) {
    const realPath = host.realPath(path);
    if (realPath === undefined || !visible(realPath)) continue;
    denied.set(realPath, { path: realPath, folder: host.isFolder(realPath), why: 'read-denied by the policy' });
  }
  const hidden = [...denied.values()].find((entry) => entry.folder && isInside(sandboxCwd, entry.path));
  if (hidden !== undefined)
    throw new ShellStartError(
      `The command could not start: its working directory ${sandboxCwd} is inside ${hidden.path}, which the sandbox hides (${hidden.why}).`,
    );
  const network = policy?.network ?? 'none';
  const readOnlyCwd =
    cwdBound && isInside(hostCwd, '/tmp') && !writable.some((folder) => isInside(hostCwd, folder))
      ? hostCwd
      : undefined;
  return {
    cwd: sandboxCwd,
    ...(readOnlyCwd === undefined ? {} : { readOnlyCwd }),
    writable,
    protected: protectedPaths(
      writable,
      gitFolders,
      home,
      (await Promise.all((policy?.readOnly ?? []).map((entry) => host.expand(entry)))).flat(),
      host,
    ),
    readDenied: withoutNested([...denied.values()]),
    allowedDomains: network === 'none' ? [] : checkDomainRules(network.allowedDomains),
    allowUnixSockets: policy?.allowUnixSockets ?? false,
  };
}

function resolveWritable(stated: readonly string[], host: PolicyHost): string[] {
  const resolved = stated.flatMap((path) => {
    const realPath = host.realPath(path);
    return realPath === undefined ? [] : [{ path, realPath }];
  });
  const kept = resolved.filter(
    ({ path, realPath }) =>
      realPath === path ||
      !resolved.some((other) => other.path !== path && (isInside(path, other.path) || isInside(path, other.realPath))),
  );
  return outermost(kept.map((path) => path.realPath));
}

/**
 * The read-denied entries, shortest first, without those inside a denied folder: that folder is
 * an empty one no command may open, and a mount inside it could not be made (bubblewrap would
 * stop there, and the command would not start).
 */
function withoutNested(
  entries: readonly ResolvedSandboxPolicy['readDenied'][number][],
): ResolvedSandboxPolicy['readDenied'][number][] {
  const sorted = [...entries].sort((a, b) => a.path.length - b.path.length);
  return sorted.filter(
    (entry, index) => !sorted.slice(0, index).some((outer) => outer.folder && isInside(entry.path, outer.path)),
  );
}

/** The paths with none inside another, shortest first. */
function outermost(paths: readonly string[]): string[] {
  const sorted = [...new Set(paths)].sort((a, b) => a.length - b.length);
  return sorted.filter((path, index) => !sorted.slice(0, index).some((outer) => isInside(path, outer)));
}

function protectedPaths(
  writable: readonly string[],
  gitFolders: readonly string[],
  home: string,
  readOnly: readonly string[],
  host: PolicyHost,
): string[] {
  const inWritable = (path: string): boolean => writable.some((folder) => isInside(path, folder));
  const paths: string[] = [];
  for (const git of gitFolders) {
    if (!inWritable(git)) continue;
    const hooks = `${git}/hooks`;
    // A repository without a hooks folder would let a command make one: it is made (empty) first.
    if (host.realPath(hooks) === undefined) host.makeFolder(hooks);
    paths.push(hooks, `${git}/config`);
  }
  for (const folder of [...writable, ...(inWritable(home) ? [home] : [])])
    for (const name of STARTUP_FILES) paths.push(`${folder}/${name}`);
  paths.push(...readOnly);
  // Each at its real path (a hooks folder may be a link to one in the work tree); only what exists.
  const real = paths.flatMap((path) => host.realPath(path) ?? []);
  return [...new Set(real)].filter(inWritable);
}
