import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ShellOptionsError } from '../shell-options-error.js';
import { foldersToPin } from './folders-to-pin.js';
import { quoteSbplPath } from './quote-sbpl-path.js';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';
import { SEATBELT_BASE_RULES } from './seatbelt-base-rules.js';

/** The system's `sandbox-exec`, never one found on PATH (replacing this one takes root already). */
export const SANDBOX_EXEC = '/usr/bin/sandbox-exec';

/** What a Seatbelt profile needs besides the policy. */
export interface SeatbeltProfileOptions {
  /**
   * The command's own temporary folder, writable: canonical and existing, for example
   * `/private/var/folders/xy/…/T/toolwright-1234`. macOS cannot give a command a private `/tmp`,
   * so the caller makes this folder, points `TMPDIR` at it and removes it afterwards; `/tmp` and
   * `/private/tmp` stay read-only.
   */
  readonly privateTmp: string;
  /**
   * The loopback port of the shell's filtering proxy, given when the policy allows domains: the
   * one connection the command may open. Point `HTTP_PROXY` and `HTTPS_PROXY` at
   * `http://127.0.0.1:<port>` (an address: name lookups are denied inside). Without it, no network.
   */
  readonly proxyPort?: number;
}

/** The network rules: none, or the proxy's port alone; unix sockets when the policy allows them. */
function networkRules(policy: ResolvedSandboxPolicy, proxyPort: number | undefined): string[] {
  const rules: string[] = [];
  if (proxyPort === undefined) {
    rules.push('; Network: none. No rule allows an IP connection or bind.');
  } else {
    if (!Number.isInteger(proxyPort) || proxyPort < 1 || proxyPort > 65_535) {
      throw new ShellOptionsError(`The proxy port ${proxyPort} is not a TCP port: pass an integer from 1 to 65535.`);
    }
    if (policy.allowedDomains.length === 0) {
      throw new ShellOptionsError(
        'A proxy port was given for a policy that allows no network: leave the port out, or name the allowed domains.',
      );
    }
    rules.push(
      "; Network: only the shell's filtering proxy on the loopback, which lets the allowed domains through.",
      `(allow network-outbound (remote ip "localhost:${proxyPort}"))`,
    );
  }
  if (policy.allowUnixSockets) {
    rules.push(
      '; Unix sockets, which the policy allows: create, bind and connect to any (ssh-agent, docker.sock, its own).',
      '(allow system-socket (socket-domain AF_UNIX))',
      '(allow network-bind (local unix-socket))',
      '(allow network-outbound (remote unix-socket))',
    );
  }
  return rules;
}

/**
 * The Seatbelt profile (SBPL, for `sandbox-exec -p`) that confines one command to `policy` (SPEC
 * SB-1): everything is denied but what a shell and ordinary tools need; the whole file system is
 * readable but the read-denied paths; only the writable paths and `options.privateTmp` are
 * writable, the protected paths excepted; no network but the proxy's port; no host unix socket
 * unless the policy allows them; no process of the host visible. Seatbelt applies the last rule
 * that matches, so every deny comes after the allows it overrides.
 *
 * Every path must be canonical as macOS spells it: `/private/tmp/…`, `/private/var/…` and
 * `/private/etc/…`, never `/tmp/…`, `/var/…` or `/etc/…` (symbolic links into `/private`), as
 * `realpath` gives them. Seatbelt matches resolved paths, so a deny through a link would never
 * apply; such a path, a relative one, or one with a control character throws a
 * {@link ShellOptionsError}, as does a proxy port for a policy without network.
 */
export function seatbeltProfile(policy: ResolvedSandboxPolicy, options: SeatbeltProfileOptions): string {
  const cwd = quoteSbplPath(policy.cwd, 'The working directory');
  const privateTmp = quoteSbplPath(options.privateTmp, 'The private temporary folder');
  const writable = policy.writable.map((path) => quoteSbplPath(path, 'The writable path'));
  const readDenied = policy.readDenied.map(
    (entry) => `(${entry.folder ? 'subpath' : 'literal'} ${quoteSbplPath(entry.path, 'The read-denied path')})`,
  );
  const protectedPaths = policy.protected.map((path) => quoteSbplPath(path, 'The protected path'));
  const guarded = [...policy.readDenied.map((entry) => entry.path), ...policy.protected];
  const pinned = foldersToPin(guarded, [options.privateTmp, ...policy.writable]);
  const network = networkRules(policy, options.proxyPort);
  const rules = [
    '(version 1)',
    '(deny default)',
    '',
    ...SEATBELT_BASE_RULES,
    '',
    '; Reading: the whole file system (the read-denied paths are taken back at the end), the working directory too.',
    '(allow file-read*)',
    `(allow file-read* (subpath ${cwd}))`,
    '',
    '; Writing: the private temporary folder (TMPDIR) and the writable paths. /tmp is shared with the host on macOS',
    '; and cannot be made private, so it stays read-only.',
    `(allow file-write* (subpath ${privateTmp}))`,
    ...writable.map((path) => `(allow file-write* (subpath ${path}))`),
    '; Devices: /dev/null takes output; /dev/fd/N (/dev/stdout and /dev/stderr link there) reopens a descriptor the',
    '; command holds, with no more access than it has; dyld registers the DTrace probes of node, python and others',
    '; with /dev/dtracehelper. No /dev/tty and no pseudo-terminal: commands run without a terminal.',
    '(allow file-write-data file-ioctl (require-all (literal "/dev/null") (vnode-type CHARACTER-DEVICE)))',
    '(allow file-write-data (subpath "/dev/fd"))',
    '(allow file-write-data file-ioctl (require-all (literal "/dev/dtracehelper") (vnode-type CHARACTER-DEVICE)))',
    '',
    ...network,
    '',
    '; Denials come last: Seatbelt applies the last rule that matches, so these win over every allow above.',
    '; Read-denied paths: neither read nor listed, nor written, moved or deleted (a secret moved elsewhere could be read).',
    ...readDenied.map((filter) => `(deny file-read* file-write* ${filter})`),
    '; Protected paths stay read-only inside the writable paths.',
    ...protectedPaths.map((path) => `(deny file-write* (subpath ${path}))`),
    '; The folders above those paths cannot be moved or deleted: a rename would carry a path out from under its rule.',
    ...pinned.map((folder) => `(deny file-write-unlink (literal ${quoteSbplPath(folder, 'The folder')}))`),
    '; No name lookups, even with the proxy (it resolves names itself): mDNSResponder would answer from outside.',
    '(deny mach-lookup (global-name "com.apple.dnssd.service"))',
    '(deny network-outbound (remote unix-socket (path-literal "/private/var/run/mDNSResponder")))',
  ];
  if (!policy.allowUnixSockets) {
    rules.push(
      '; No unix socket of the host (ssh-agent, docker.sock, D-Bus): the policy does not allow them.',
      '(deny network-outbound (remote unix-socket))',
    );
  }
  return `${rules.join('\n')}\n`;
}

/** The program and arguments that run `command` with `bashPath -c` under `profile`. */
export function seatbeltCommand(profile: string, bashPath: string, command: string): { file: string; args: string[] } {
  return { file: SANDBOX_EXEC, args: ['-p', profile, bashPath, '-c', command] };
}

/**
 * True when a command can run under `sandbox-exec` from this `platform`: it is macOS, the program
 * is there, and `run` (a probe that answers true when the program exits 0) confines
 * `/usr/bin/true` with an allow-all profile. It fails inside another sandbox, which cannot nest.
 */
export function probeSeatbelt(
  platform: NodeJS.Platform,
  fileExists: (path: string) => boolean,
  run: (file: string, args: string[]) => boolean,
): boolean {
  return (
    platform === 'darwin' &&
    fileExists(SANDBOX_EXEC) &&
    run(SANDBOX_EXEC, ['-p', '(version 1)(allow default)', '/usr/bin/true'])
  );
}

let available: boolean | undefined;

/**
 * True when Seatbelt can confine commands here (probed once per process, see
 * {@link probeSeatbelt}); false on every system but macOS, without starting anything.
 */
export function seatbeltAvailable(): boolean {
  available ??= probeSeatbelt(process.platform, existsSync, (file, args) => {
    return spawnSync(file, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
  });
  return available;
}
