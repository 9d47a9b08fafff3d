import { createToolUse } from '@toolwright/core';
import { ToolGate, type AddedRule, type Approver, type AuditListener, type PermissionConfig } from '@toolwright/gate';
import type { CanUseTool, PermissionResult } from '@anthropic-ai/claude-agent-sdk';
import { builtInTool, KNOWN_TOOLS } from './built-in-tools.js';

/** How {@link createCanUseTool} judges the SDK's tool calls. */
export interface CanUseToolOptions {
  /**
   * The rules, in Claude Code's syntax (`Bash(git:*)`, `Read(./src/**)`, `Edit(~/notes/*)`,
   * `WebFetch(domain:example.com)`): deny > ask > allow, and anything no rule allows is denied.
   * `permissionsFromClaudeSettings(file).permissions` reads them from a settings file.
   */
  readonly permissions: PermissionConfig;
  /** Answers `ask` rules (SPEC RU-4: approve, refuse with a reason, edit the input, or "always"); without one, `ask` denies. */
  readonly approver?: Approver;
  /** Where relative paths and `./` rules resolve. Default: the process's working directory (the SDK's `cwd` option, if you set one). */
  readonly cwd?: string;
  /**
   * The names under which in-process servers of gates were given to the SDK (`mcpServers: { toolwright: … }`):
   * their tools' calls are let through, for their gate judges each one when it runs. Only a server
   * the SDK reports as this host's own (`mcpServer.source === 'sdk'`) counts.
   */
  readonly gateServers?: readonly string[];
  /** Receives one event per decision, as a gate's `onAudit` does. */
  readonly onAudit?: AuditListener;
  /** Receives each rule an approver's "always" added, for a host that keeps it. */
  readonly onRuleAdded?: (added: AddedRule) => void;
}

/**
 * The SDK's `canUseTool`, answered by the gate's permission rules (SPEC FW-3) for the SDK's own
 * tools — Bash by its command, parsed (each part of a compound command must be allowed); Read,
 * Write, Edit, NotebookEdit by their file (real path checked); Glob and Grep by the folder they
 * search; WebFetch by `domain:`; the others, and MCP tools, by bare rules (`mcp__server` covers the
 * server's tools). `deny` and a default denial answer `{ behavior: 'deny', message }` with the
 * gate's sentence; `allow` answers `{ behavior: 'allow', updatedInput }`; `ask` goes to the
 * approver, whose edit is judged again before it is handed back as `updatedInput`. Never rejects.
 */
export function createCanUseTool(options: CanUseToolOptions): CanUseTool {
  const names = new Set([...KNOWN_TOOLS, ...namedTools(options.permissions)]);
  const gate = new ToolGate({
    tools: [...names].map(builtInTool),
    permissions: options.permissions,
    // The rules decide; the SDK's own settings decide what it offers.
    runOptions: { allowWrite: true, allowBash: true },
    ...(options.approver === undefined ? {} : { approver: options.approver }),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.onAudit === undefined ? {} : { onAudit: options.onAudit }),
    ...(options.onRuleAdded === undefined ? {} : { onRuleAdded: options.onRuleAdded }),
  });
  const servers = new Set(options.gateServers ?? []);
  return async (toolName, input, call) => {
    const server = call.mcpServer;
    if (server?.source === 'sdk' && servers.has(server.name) && toolName.startsWith(`mcp__${server.name}__`))
      return { behavior: 'allow', updatedInput: input, toolUseID: call.toolUseID };
    const judged = judgedName(toolName, names);
    if (judged === undefined) return denied(notAllowed(toolName), call.toolUseID);
    const authorization = await gate.authorize(createToolUse(call.toolUseID, judged, input), { signal: call.signal });
    return authorization.allowed
      ? { behavior: 'allow', updatedInput: authorization.input, toolUseID: call.toolUseID }
      : denied(authorization.reason, call.toolUseID);
  };
}

function denied(message: string, toolUseID: string): PermissionResult {
  return { behavior: 'deny', message, toolUseID };
}

/** The sentence of a tool no rule names, in the gate's words. */
function notAllowed(name: string): string {
  return `Permission denied: ${name} is not in the allow list. Add ${name} or ${name}(pattern) to allow it.`;
}

/** The tool names the rules name (`mcp__github__create_issue`, `mcp__github`, `Bash`). */
function namedTools(permissions: PermissionConfig): string[] {
  const entries = [permissions.allow, permissions.deny, permissions.ask].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  return entries.flatMap((entry) => {
    const name = typeof entry === 'string' ? /^\s*([A-Za-z0-9_-]+)/.exec(entry)?.[1] : undefined;
    return name === undefined ? [] : [name];
  });
}

/**
 * The tool a call is judged as: itself when it is known; an MCP tool no rule names by itself
 * (`mcp__github__create_issue`) as its server (`mcp__github`) when a rule names that; else none.
 */
function judgedName(toolName: string, names: ReadonlySet<string>): string | undefined {
  if (names.has(toolName)) return toolName;
  const server = /^(mcp__[A-Za-z0-9_-]+?)__/.exec(toolName)?.[1];
  return server !== undefined && names.has(server) ? server : undefined;
}
