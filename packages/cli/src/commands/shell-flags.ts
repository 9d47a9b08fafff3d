import type { SandboxSetting, VirtualShell } from '@toolwright/shell';
import { SshShell, type SshShellOptions } from '@toolwright/ssh';
import { createBashTools } from '@toolwright/tools';
import { readRegularFile } from '../io/read-regular-file.js';
import type { LoadedPlugin } from '../plugin/loaded-plugin.js';
import { UsageError } from '../errors/usage-error.js';

/** The flags that put the builtin Bash tools on a remote host, as `node:util` `parseArgs` options (call and serve). */
export const SHELL_FLAG_OPTIONS = {
  shell: { type: 'string' },
  'ssh-key': { type: 'string' },
  'known-hosts': { type: 'string' },
} as const;

/** The help lines of the shell flags. */
export const SHELL_FLAGS_HELP = `  --shell <url>       run the builtin Bash tools on a remote host: ssh://user@host[:port][/dir]
                      (the Bash tools only; they start in --cwd, else /dir, else this path)
  --ssh-key <file>    the private key to log in with (default: the agent in SSH_AUTH_SOCK)
  --known-hosts <file>  the known_hosts file that lists the host's key (required: host keys are
                      always verified)
`;

/** The largest private key or known_hosts file read: 4 MB (a key is a few KB, a large known_hosts a few hundred). */
export const MAX_KEY_FILE_BYTES = 4 * 1_048_576;

/** The values `parseArgs` gives for {@link SHELL_FLAG_OPTIONS}. */
export interface ShellFlagValues {
  readonly shell?: string | undefined;
  readonly 'ssh-key'?: string | undefined;
  readonly 'known-hosts'?: string | undefined;
}

/** A remote shell the flags describe: how to reach it, and the working directory its URL names. */
export interface RemoteShellSetup {
  readonly options: SshShellOptions;
  readonly cwd: string | undefined;
}

/**
 * The remote shell of `--shell ssh://…`, or `undefined` without the flag. Every mistake is a usage
 * error before anything connects: another scheme, no user, a plugin other than `builtin` (its tools
 * run where their own code says), no `--known-hosts`, no key and no agent, an unreadable file.
 */
export function remoteShellFrom(values: ShellFlagValues, specifier: string): RemoteShellSetup | undefined {
  if (values.shell === undefined) {
    if (values['ssh-key'] !== undefined || values['known-hosts'] !== undefined)
      throw new UsageError('--ssh-key and --known-hosts go with --shell ssh://user@host:port');
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(values.shell);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'ssh:' || url.hostname === '' || url.username === '')
    throw new UsageError(`--shell takes ssh://user@host[:port][/dir], not ${values.shell}`);
  if (specifier !== 'builtin')
    throw new UsageError(
      `--shell runs the builtin Bash tools remotely; the tools of ${specifier} run where their code says`,
    );
  const knownHostsFile = values['known-hosts'];
  if (knownHostsFile === undefined)
    throw new UsageError("--shell ssh:// needs --known-hosts <file>: the host's key is always verified");
  readable(knownHostsFile, '--known-hosts');
  const agent = process.env.SSH_AUTH_SOCK;
  const keyFile = values['ssh-key'];
  if (keyFile === undefined && (agent === undefined || agent === ''))
    throw new UsageError('--shell ssh:// needs --ssh-key <file>, or an SSH agent in SSH_AUTH_SOCK');
  const path = decodeURIComponent(url.pathname);
  return {
    options: {
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port === '' ? 22 : Number(url.port),
      username: decodeURIComponent(url.username),
      hostKey: { knownHostsFile },
      ...(keyFile === undefined ? { agent } : { privateKey: readable(keyFile, '--ssh-key') }),
    },
    cwd: path === '' || path === '/' ? undefined : path,
  };
}

/**
 * The bytes of a key or known_hosts file: a regular file of at most {@link MAX_KEY_FILE_BYTES}
 * (a FIFO, a device, a socket or a folder is refused without waiting on it).
 */
function readable(file: string, flag: string): Buffer {
  const read = readRegularFile(file, MAX_KEY_FILE_BYTES);
  if (read.ok) return read.bytes;
  throw new UsageError(
    `${flag}: cannot read ${file} (${read.problem === 'unreadable' ? (read.code ?? 'error') : read.reason})`,
  );
}

/** The builtin Bash tools (Bash, BashOutput, KillShell) on `shell`; the file tools, which act on this machine, are left out. */
export function builtinToolsOn(shell: VirtualShell, sandbox: string): LoadedPlugin {
  const bash = createBashTools(shell);
  return {
    name: 'builtin',
    tools: bash.tools,
    origins: new Map(bash.tools.map((tool) => [tool, 'builtin'])),
    sandbox,
    dispose: async () => {
      await bash.session?.dispose();
    },
  };
}

/** The builtin Bash tools on a new {@link SshShell} to the host the flags name, in the host's sandbox as `--sandbox` says. */
export function remoteBuiltinTools(setup: RemoteShellSetup, sandbox: SandboxSetting): LoadedPlugin {
  return builtinToolsOn(new SshShell({ ...setup.options, sandbox }), describeRemoteSandbox(sandbox));
}

/** The banner's words for a remote host's sandbox: known for certain only once the host is reached, so said as a rule. */
function describeRemoteSandbox(sandbox: SandboxSetting): string {
  if (sandbox === 'off') return 'none (--sandbox off: the commands run on the remote host unconfined)';
  if (sandbox === 'required') return 'bubblewrap on the remote host (required: a host without one runs nothing)';
  return 'bubblewrap on the remote host where it has one, else none (each result says which; --sandbox required refuses a host without)';
}
