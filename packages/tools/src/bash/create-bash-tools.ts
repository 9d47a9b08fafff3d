import type { Tool } from '@toolwright/core';
import type { VirtualShell } from '@toolwright/shell';
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

/**
 * The Bash tools for a shell (SPEC BT-1, BT-2). Without a shell there are none: an agent without
 * a shell is usable, an agent whose commands silently vanish is not. All three are BASH tools, so
 * a gate offers and runs BashOutput and KillShell exactly where it offers and runs Bash.
 */
export function createBashTools(shell: VirtualShell | undefined): BashTools {
  if (shell === undefined) return { tools: [], session: undefined };
  const session = new BashSession(shell);
  return { tools: [new BashTool(session), new BashOutputTool(session), new KillShellTool(session)], session };
}
