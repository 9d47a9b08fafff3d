// The Claude Agent SDK's own tools as the gate knows them: a name, what the permission rules judge
// (the subject, from the SDK's input shape) and the rules they answer to. They never run here: the
// SDK runs its tools itself, and asks the gate only whether it may (`canUseTool`).
import {
  Concurrency,
  SafetyLevel,
  ToolResult,
  type PermissionSubject,
  type Tool,
  type ToolInput,
  type ToolSafety,
} from '@toolwright/core';

/** How one built-in tool's call is judged: its subject, and the tools whose rules it answers to as well. */
interface BuiltInShape {
  readonly subject?: (input: ToolInput) => PermissionSubject | undefined;
  readonly aliases?: readonly string[];
  readonly safety: SafetyLevel;
  readonly matches?: (pattern: string, input: ToolInput) => boolean;
}

const command =
  (parameter: string) =>
  (input: ToolInput): PermissionSubject | undefined => {
    const value = input.get(parameter);
    return value === undefined ? undefined : { kind: 'COMMAND', value: typeof value === 'string' ? value : '' };
  };

const file =
  (parameter: string) =>
  (input: ToolInput): PermissionSubject => ({ kind: 'PATH', value: input.getString(parameter, '') });

/** Glob and Grep walk `path` (the working directory when it is left out), as the gate's own searching tools do. */
function searchedFolder(input: ToolInput): PermissionSubject {
  return { kind: 'PATH', value: input.getString('path', '.'), tree: true };
}

/**
 * Glob also reads where its pattern points: an absolute pattern (`/etc/**\/*.conf`) searches there,
 * whatever `path` says, so the folder judged is the pattern's fixed start. A pattern that climbs
 * (`../**`) cannot be judged by one folder: it is refused.
 */
function globbedFolder(input: ToolInput): PermissionSubject {
  const pattern = input.getString('pattern', '');
  if (pattern.split('/').includes('..')) throw new Error('the pattern climbs out of the folder it searches');
  if (!pattern.startsWith('/') && !pattern.startsWith('~')) return searchedFolder(input);
  const fixed: string[] = [];
  for (const segment of pattern.split('/')) {
    if (/[*?[\]{}]/.test(segment)) break;
    fixed.push(segment);
  }
  return { kind: 'PATH', value: fixed.join('/') || '/', tree: true };
}

/**
 * `WebFetch(domain:example.com)`, as in Claude Code: the URL's host is the domain; `domain:*.example.com`
 * matches its subdomains. Any other pattern, or a URL without a host, cannot be judged (the rule
 * denies, as every pattern the gate cannot read does).
 */
function fetchedDomain(pattern: string, input: ToolInput): boolean {
  if (!pattern.startsWith('domain:')) throw new Error(`WebFetch patterns are domain:<host>, not ${pattern}`);
  const domain = pattern.slice('domain:'.length).trim().toLowerCase();
  const host = new URL(input.getString('url', '')).hostname.toLowerCase();
  if (host === '') throw new Error('the URL has no host');
  return domain.startsWith('*.') ? host.endsWith(domain.slice(1)) : host === domain;
}

/** The built-in tools whose calls carry what a rule's pattern judges; every other tool answers to bare rules only. */
const SHAPES: Readonly<Record<string, BuiltInShape>> = {
  Bash: { subject: command('command'), safety: SafetyLevel.BASH },
  // Monitor runs a command of its own: the Bash rules judge it too.
  Monitor: { subject: command('command'), aliases: ['Bash'], safety: SafetyLevel.BASH },
  Read: { subject: file('file_path'), safety: SafetyLevel.READ_ONLY },
  Write: { subject: file('file_path'), aliases: ['Edit'], safety: SafetyLevel.WRITE },
  Edit: { subject: file('file_path'), safety: SafetyLevel.WRITE },
  NotebookEdit: { subject: file('notebook_path'), aliases: ['Edit'], safety: SafetyLevel.WRITE },
  Glob: { subject: globbedFolder, aliases: ['Read'], safety: SafetyLevel.READ_ONLY },
  Grep: { subject: searchedFolder, aliases: ['Read'], safety: SafetyLevel.READ_ONLY },
  WebFetch: { matches: fetchedDomain, safety: SafetyLevel.READ_ONLY },
};

/** The SDK's tools without a subject that are known by name, besides those the rules name. */
export const KNOWN_TOOLS: readonly string[] = Object.freeze([
  ...Object.keys(SHAPES),
  'Agent',
  'Task',
  'WebSearch',
  'TodoWrite',
  'ExitPlanMode',
  'EnterPlanMode',
  'AskUserQuestion',
  'TaskStop',
  'BashOutput',
  'KillShell',
  'ListMcpResources',
  'ReadMcpResource',
]);

const NEVER_RUN = 'This tool is run by the Claude Agent SDK; the gate only judges its calls.';

/** The tool `name` as the gate judges it: its shape if it is one of the SDK's tools with a subject, else a tool with none. */
export function builtInTool(name: string): Tool {
  const shape = SHAPES[name];
  // An MCP tool answers to its server's rules too: `mcp__github` covers `mcp__github__create_issue`.
  const server = /^(mcp__[A-Za-z0-9_-]+?)__./.exec(name)?.[1];
  const aliases = shape?.aliases ?? (server === undefined ? undefined : [server]);
  const safety: ToolSafety = { level: shape?.safety ?? SafetyLevel.READ_ONLY, destructive: false };
  return {
    name,
    description: `The Claude Agent SDK's ${name} tool`,
    // The SDK checks its tools' input itself; the gate judges what the rules read.
    inputSchema: { type: 'object', additionalProperties: true },
    safety,
    concurrency: Concurrency.PARALLEL,
    execute: () => Promise.resolve(ToolResult.error(NEVER_RUN)),
    ...(shape?.subject === undefined ? {} : { permissionSubject: shape.subject }),
    ...(shape?.matches === undefined ? {} : { matchesPermissionPattern: shape.matches }),
    ...(aliases === undefined ? {} : { permissionAliases: aliases }),
  };
}
