/**
 * Which kernel sandbox confines a shell's commands (SPEC SB-1, SB-4): bubblewrap on Linux,
 * Seatbelt (`sandbox-exec`) on macOS, or none — named in `shell.sandbox` and in every result.
 */
export type SandboxKind = 'bubblewrap' | 'seatbelt' | 'none';

/** How a shell is asked to sandbox: the strongest available (`auto`), one or an error (`required`), or explicitly none (`off`). */
export type SandboxMode = 'auto' | 'required' | 'off';

/**
 * What a sandboxed command may touch (SPEC SB-2), as a host states it. Whatever it says is what
 * the kernel enforces; each path is canonicalised (every symbolic link resolved) before it becomes
 * a mount or a rule. Outside the writable paths the whole file system is read-only; `/tmp` is
 * private to the command; the secret list (the Read tool's) is always unreadable.
 */
export interface SandboxPolicy {
  /**
   * The folders (or files) the command may write, besides its private `/tmp`. Default: the
   * command's working directory. Relative paths are refused; a path that does not exist is
   * left out (nothing can be written there).
   */
  readonly writable?: readonly string[];
  /**
   * Paths inside the writable ones that stay read-only (as a Write deny rule inside a Write allow
   * rule). A glob (`*`, `**`, `?`, `[…]`) is matched against what exists at each command's start.
   */
  readonly readOnly?: readonly string[];
  /**
   * Paths the command can neither read nor list, on top of the secret list. A glob (`*`, `**`,
   * `?`, `[…]`) is matched against what exists at each command's start.
   */
  readonly readDenied?: readonly string[];
  /**
   * The network: `'none'` (the default) — no connection leaves the sandbox, DNS included; or the
   * domains HTTP(S) may reach through the shell's filtering proxy (`example.com`, `*.example.com`).
   */
  readonly network?: 'none' | { readonly allowedDomains: readonly string[] };
  /**
   * Unix sockets of the host (ssh-agent, docker.sock, D-Bus, X11): refused by default. On Linux
   * the kernel cannot tell one socket path from another when a program connects, so this is all
   * or nothing there (as Claude Code's `allowAllUnixSockets`). Default false.
   */
  readonly allowUnixSockets?: boolean;
  /**
   * True (the default for a policy a host states): a machine without a sandbox refuses to run the
   * command, as `'required'`. False: the policy is applied where a sandbox is available and the
   * shell says `sandbox: 'none'` elsewhere, as `'auto'`.
   */
  readonly required?: boolean;
}

/** The `sandbox` option of a shell: a mode, or a policy (see {@link SandboxPolicy}). Default `'auto'`. */
export type SandboxSetting = SandboxMode | SandboxPolicy;

/**
 * A policy with every path resolved for one command: the mounts and rules a sandbox applies, in
 * the order it must apply them. Built by the shell at each start (paths can change between
 * commands); sandbox back-ends (bubblewrap arguments, a Seatbelt profile) read only this.
 */
export interface ResolvedSandboxPolicy {
  /** The command's working directory as the command sees it, canonical (under `/tmp` when it lies in the private /tmp). */
  readonly cwd: string;
  /**
   * The host folder to show read-only at its own path so that the command can run in it: a working
   * directory under the host's /tmp that is not writable (the private /tmp would hide it).
   */
  readonly readOnlyCwd?: string;
  /** Canonical, existing, shortest first; none lies inside another. */
  readonly writable: readonly string[];
  /** Canonical, existing paths inside a writable one that stay read-only (`.git/hooks`, `.git/config`). */
  readonly protected: readonly string[];
  /** Canonical, existing paths that can be neither read nor listed: folders and files. */
  readonly readDenied: readonly { readonly path: string; readonly folder: boolean; readonly why: string }[];
  /** Empty: no network at all. Otherwise the domains the proxy lets through. */
  readonly allowedDomains: readonly string[];
  readonly allowUnixSockets: boolean;
}
