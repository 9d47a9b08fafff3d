import type { SandboxSetting } from '@toolwright/shell';
import type { HostKeyPolicy } from './host-key.js';
import type { RemoteContainment } from './remote-containment.js';

/** How an {@link SshShell} reaches its host and runs commands there. */
export interface SshShellOptions {
  /** The host name or address. */
  readonly host: string;
  /** The SSH port. Default 22. */
  readonly port?: number;
  /** The login user. */
  readonly username: string;
  /** The user's private key (OpenSSH or PEM text, or its bytes). Give this or `agent`. */
  readonly privateKey?: string | Buffer;
  /** The private key's passphrase, when it has one. */
  readonly passphrase?: string;
  /** The path of an SSH agent's socket (for example `process.env.SSH_AUTH_SOCK`). Give this or `privateKey`. */
  readonly agent?: string;
  /** How the host's key is verified: a known_hosts file or a pinned `SHA256:…` fingerprint. Required. */
  readonly hostKey: HostKeyPolicy;
  /** Between SIGTERM and SIGKILL when a remote tree is terminated. Default 500 ms. */
  readonly killGraceMs?: number;
  /**
   * How each command's processes are held together on the host. `auto`, the default, takes a PID
   * namespace when the host lets the login user make one, else the session; probed once per shell.
   */
  readonly containment?: 'auto' | RemoteContainment;
  /** How long a connection may take to be ready. Default 20,000 ms. */
  readonly connectTimeoutMs?: number;
  /** How often an idle connection is checked; three missed answers drop it. Default 5,000 ms. */
  readonly keepaliveIntervalMs?: number;
  /**
   * How much longer than a command's timeout the host's own deadline is: the timeout is measured
   * here, and the host kills the tree by itself too should this machine go silent. Default 2,000 ms.
   */
  readonly remoteDeadlineMarginMs?: number;
  /**
   * The kernel sandbox around the host's commands (SPEC SB-7), as LocalShell's
   * ({@link SandboxSetting}) and resolved on the host: `'auto'`, the default, confines every
   * command with the host's bubblewrap where it has one that works for the login user, and says
   * `sandbox: 'none'` where not; `'required'` (or a stated policy) makes every command on such a
   * host reject with a ShellStartError naming what to install; `'off'` runs commands unconfined.
   * By default a command may write its working directory and a private /tmp (one per shell, on
   * the host), read everything but the secret list (searched on the host, its home folder
   * included), and reach no network. A policy's paths are the host's; its `readOnly` and
   * `readDenied` paths are named one by one (no globs), and its network is `'none'` (the filtering
   * proxy of allowed domains is not bridged to SSH hosts).
   */
  readonly sandbox?: SandboxSetting;
}

/** Every option an {@link SshShellOptions} may hold: anything else is a mistake to report. */
export const SSH_SHELL_OPTION_KEYS: readonly string[] = Object.freeze([
  'host',
  'port',
  'username',
  'privateKey',
  'passphrase',
  'agent',
  'hostKey',
  'killGraceMs',
  'containment',
  'connectTimeoutMs',
  'keepaliveIntervalMs',
  'remoteDeadlineMarginMs',
  'sandbox',
]);
