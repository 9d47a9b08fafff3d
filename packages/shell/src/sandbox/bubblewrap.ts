// bubblewrap (`bwrap`): found, probed once, and the command line that applies a resolved policy.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { findExecutable } from '../find-executable.js';
import { foldersToPin } from './folders-to-pin.js';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';
import { seccompFilter, seccompSupported } from './seccomp-filter.js';

/** What to install for a sandbox, named in the error a shell that requires one throws. */
export const INSTALL_SANDBOX =
  'install bubblewrap 0.8 or later (Debian and Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), with user namespaces enabled';

/** The file descriptors the sandboxed start hands bubblewrap, after stdin, stdout and stderr. */
export const SECCOMP_FD = 3;
export const STATUS_FD = 4;
export const BLOCK_FD = 5;

// Every namespace bubblewrap can make: the command gets its own users (root is not root inside:
// every capability is dropped, and no further user namespace can be made), processes (the
// host's are invisible; when the namespace's init dies the kernel kills every process in it),
// network (loopback only), IPC, host name and cgroup view. It dies with this process.
const NAMESPACES = [
  '--unshare-user',
  '--disable-userns',
  '--unshare-pid',
  '--unshare-net',
  '--unshare-ipc',
  '--unshare-uts',
  '--unshare-cgroup-try',
  '--die-with-parent',
  '--cap-drop',
  'ALL',
];

/**
 * The arguments of `bwrap` that run `bash -c command` under `policy`: the whole file system
 * read-only; fresh `/dev`, `/proc` and a private `/tmp`; the working directory visible; the
 * writable paths bound read-write, the protected ones inside them read-only again (and the
 * folders between, bound onto themselves so that none can be renamed); read-denied
 * folders replaced by an empty folder no one may open, files by `unreadable` (an empty file of
 * mode 000). Every path is canonical and exists (see resolveSandboxPolicy), so no mount follows a
 * link or has to create its target. The seccomp filter comes on {@link SECCOMP_FD}; bubblewrap
 * reports the namespace's init on {@link STATUS_FD} when `report` is set; with `block`, the command
 * waits for a byte on {@link BLOCK_FD} (while the network bridge starts).
 */
export function bubblewrapArguments(
  policy: ResolvedSandboxPolicy,
  places: { readonly privateTmp: string; readonly unreadable: string },
  run: {
    readonly bashPath: string;
    readonly command: string;
    readonly name: string;
    readonly block: boolean;
    readonly report: boolean;
  },
): string[] {
  const args = [...NAMESPACES, '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc'];
  args.push('--bind', places.privateTmp, '/tmp');
  if (policy.readOnlyCwd !== undefined) args.push('--ro-bind', policy.readOnlyCwd, policy.readOnlyCwd);
  for (const folder of policy.writable) args.push('--bind', folder, folder);
  // A folder above a protected path is bound onto itself: a mount point cannot be renamed, so no
  // command can move `.git` aside and make a new `.git/hooks` where the old one was protected.
  for (const folder of foldersToPin(policy.protected, policy.writable))
    if (!policy.writable.includes(folder)) args.push('--bind', folder, folder);
  for (const path of policy.protected) args.push('--ro-bind', path, path);
  for (const entry of policy.readDenied) {
    if (entry.folder) args.push('--perms', '0000', '--tmpfs', entry.path, '--remount-ro', entry.path);
    else args.push('--ro-bind', places.unreadable, entry.path);
  }
  args.push('--seccomp', String(SECCOMP_FD));
  if (run.report) args.push('--json-status-fd', String(STATUS_FD));
  if (run.block) args.push('--block-fd', String(BLOCK_FD));
  args.push('--chdir', policy.cwd, '--', run.bashPath, '-c', run.command, run.name);
  return args;
}

let unreadableFile: string | undefined;

/** An empty file of mode 000 in a folder of this process's own: what a read-denied file is replaced with. */
export function unreadablePlaceholder(): string {
  if (unreadableFile !== undefined) return unreadableFile;
  const folder = mkdtempSync(`${tmpdir()}/toolwright-sandbox-`);
  const file = `${folder}/unreadable`;
  writeFileSync(file, '', { mode: 0o000 });
  chmodSync(file, 0o000);
  unreadableFile = file;
  return file;
}

/** The arguments that prove a `bwrap` can sandbox: every namespace, the capability drop, the seccomp filter on `seccompFd`. */
export function bubblewrapProbeArguments(seccompFd: number): string[] {
  return [...NAMESPACES, '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--seccomp', String(seccompFd)];
}

let probed: string | null | undefined;

/**
 * The path of a `bwrap` that can sandbox here — it runs a probe with every namespace, the
 * capability drop and the seccomp filter — or `undefined` (none installed, too old for
 * `--disable-userns` (0.8.0), user namespaces disabled, or an architecture without a filter).
 * Probed once per process.
 */
export function findBubblewrap(bashPath: string): string | undefined {
  if (probed !== undefined) return probed ?? undefined;
  probed = null;
  const path = findExecutable('bwrap');
  if (path === undefined || process.platform !== 'linux' || !seccompSupported()) return undefined;
  const probe = spawnSync(path, [...bubblewrapProbeArguments(0), '--', bashPath, '-c', 'exit 42'], {
    input: seccompFilter(false),
    stdio: ['pipe', 'ignore', 'ignore'],
    timeout: 10_000,
    killSignal: 'SIGKILL',
  });
  if (probe.status === 42) probed = path;
  return probed ?? undefined;
}
