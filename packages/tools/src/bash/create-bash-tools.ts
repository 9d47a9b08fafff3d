import type { Tool } from '@toolwright/core';
import { LocalShell, ShellOptionsError, type SandboxSetting, type VirtualShell } from '@toolwright/shell';
import { BashOutputTool } from './bash-output-tool.js';
import { BashSession } from './bash-session.js';
import { BashTool } from './bash-tool.js';
import { KillShellTool } from './kill-shell-tool.js';

/** The Bash tools and the session that owns their background commands. */
export interface BashTools {
  /** Bash, BashOutput and KillShell — or none, when there is no shell. */
  readonly tools: readonly Tool[];
  /** Dispose it when the agent's session ends: every background command dies with it. */
  readonly session: BashSession | undefined;
}

/** The Bash tools on this machine's shell, confined as `sandbox` says. */
export interface LocalBashToolsOptions {
  /**
   * The kernel sandbox around every command (see `LocalShell`'s `sandbox`): `'auto'` (the
   * default), `'required'`, `'off'`, or a policy. `'required'` (or a policy) throws where there is
   * no sandbox; nothing is silently left unconfined.
   */
  readonly sandbox?: SandboxSetting;
}

/**
 * The Bash tools for a shell (SPEC BT-1, BT-2). Without a shell there are none: an agent without
 * a shell is usable, an agent whose commands silently vanish is not. All three are BASH tools, so
 * a gate offers and runs BashOutput and KillShell exactly where it offers and runs Bash.
 *
 * Given options instead of a shell, the tools run on a new `LocalShell` with that sandbox (SPEC
 * SB-4) where bash can run, and there are none where it cannot.
 */
export function createBashTools(shell: VirtualShell | LocalBashToolsOptions | undefined): BashTools {
  const chosen = isShell(shell) ? shell : localShell(shell);
  if (chosen === undefined) return { tools: [], session: undefined };
  const session = new BashSession(chosen);
  return { tools: [new BashTool(session), new BashOutputTool(session), new KillShellTool(session)], session };
}

function isShell(value: VirtualShell | LocalBashToolsOptions | undefined): value is VirtualShell {
  return typeof (value as { execute?: unknown } | undefined)?.execute === 'function';
}

function localShell(options: LocalBashToolsOptions | undefined): LocalShell | undefined {
  if (options === undefined) return undefined;
  for (const key of Object.keys(options))
    if (key !== 'sandbox')
      throw new ShellOptionsError(`createBashTools has no option ${JSON.stringify(key)}; its options are sandbox`);
  return LocalShell.isAvailable() ? new LocalShell({ sandbox: options.sandbox ?? 'auto' }) : undefined;
}
