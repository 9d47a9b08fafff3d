// The host's bubblewrap, probed once per shell: the same namespaces, capability drop and seccomp
// filter as on this machine, proven by a sandboxed `exit 42` before any command relies on them.
import { bubblewrapProbeArguments, INSTALL_SANDBOX, SECCOMP_FD, seccompFilter } from '@toolwright/shell/internal';
import { shellQuote } from './remote-supervisor.js';

/** What a sandboxed command needs on its host: made there once per shell, removed by `dispose`. */
export interface RemoteSandbox {
  /** The path of the host's `bwrap`. */
  readonly bubblewrap: string;
  /** A folder of the shell's own (mode 0700) in the host's /tmp, holding the three below. */
  readonly folder: string;
  /** What the commands see as /tmp: private to the shell, shared by its commands. */
  readonly privateTmp: string;
  /** An empty file of mode 000: what a read-denied file is replaced with. */
  readonly unreadable: string;
  /** The host's architecture, as Node names it (`x64`, `arm64`): the seccomp filter is built for it. */
  readonly arch: string;
  /** The login user's home folder, canonical: its secrets are hidden too. */
  readonly home: string;
}

/** The probe's verdict: a sandbox to use, or why the host has none. */
export type SandboxProbe =
  { readonly kind: 'bubblewrap'; readonly sandbox: RemoteSandbox } | { readonly kind: 'none'; readonly reason: string };

/**
 * The script that finds the host's `bwrap`, makes the shell's folder (the placeholder and the
 * private /tmp) and proves a sandbox can be made for the login user, with the filter for `uname
 * -m`. It prints NUL-separated fields: `bubblewrap`, the path, the folder, the home folder, the
 * architecture; or `none` and the reason (the folder is then removed). No filter is kept on the
 * host: each command's comes with its script (see {@link seccompInput}), so no file a command
 * could reach ever decides what the next one may do.
 */
export function sandboxProbeScript(allowUnixSockets: boolean): string {
  const filter = (arch: string): string => shellQuote(seccompFilter(allowUnixSockets, arch).toString('base64'));
  const none = (reason: string): string => `{ printf 'none\\0%s\\0' ${reason}; exit 0; }`;
  const probe = bubblewrapProbeArguments(SECCOMP_FD).map(shellQuote).join(' ');
  return [
    'set +m',
    `case $(uname -m) in x86_64) arch=x64 filter=${filter('x64')};; aarch64|arm64) arch=arm64 filter=${filter('arm64')};; *) ${none('"no seccomp filter is written for the $(uname -m) architecture"')};; esac`,
    `bwrap=$(command -v bwrap) || ${none(shellQuote(`bubblewrap (bwrap) is not installed there: ${INSTALL_SANDBOX}`))}`,
    // Without the home folder its secrets (`~/.ssh`, `~/.aws`) could not be found and hidden.
    `home=$(cd ~ 2>/dev/null && pwd -P) && [ -n "$home" ] || ${none('"the login user\'s home folder could not be found"')}`,
    `folder=$(mktemp -d /tmp/toolwright-ssh-sandbox-XXXXXXXXXX 2>/dev/null) || ${none("'no folder could be made in its /tmp'")}`,
    `if ! { mkdir -m 700 "$folder/tmp" && : > "$folder/unreadable" && chmod 000 "$folder/unreadable"; } 2>/dev/null; then rm -rf -- "$folder"; ${none("'the sandbox folder could not be filled in its /tmp'")}; fi`,
    `error=$("$bwrap" ${probe} -- bash --noprofile --norc -c 'exit 42' ${SECCOMP_FD}< <(printf '%s' "$filter" | base64 -d) 2>&1 >/dev/null)`,
    `if [ $? -ne 42 ]; then rm -rf -- "$folder"; ${none(`"bubblewrap cannot make a sandbox for this user: \${error:-it ended at once} (${INSTALL_SANDBOX.replace(/^install/, 'it needs')})"`)}; fi`,
    `printf 'bubblewrap\\0%s\\0%s\\0%s\\0%s\\0' "$bwrap" "$folder" "$home" "$arch"`,
  ].join('\n');
}

/** The probe's verdict from what its script printed. */
export function parseSandboxProbe(stdout: string, exitCode: number | null): SandboxProbe {
  const fields = stdout.split('\0');
  if (fields[0] === 'bubblewrap' && fields.length >= 5 && fields[2] !== '') {
    const [, bubblewrap, folder, home, arch] = fields as [string, string, string, string, string];
    return {
      kind: 'bubblewrap',
      sandbox: {
        bubblewrap,
        folder,
        privateTmp: `${folder}/tmp`,
        unreadable: `${folder}/unreadable`,
        arch,
        home,
      },
    };
  }
  if (fields[0] === 'none' && fields.length >= 2) return { kind: 'none', reason: (fields[1] as string).trim() };
  return { kind: 'none', reason: `the probe of its sandbox failed (exit code ${String(exitCode)})` };
}

/** The bash redirection that hands bubblewrap the seccomp filter on `fd`: decoded from the script itself, through a pipe. */
export function seccompInput(fd: number, allowUnixSockets: boolean, arch: string): string {
  return `${fd}< <(printf '%s' ${shellQuote(seccompFilter(allowUnixSockets, arch).toString('base64'))} | base64 -d)`;
}
