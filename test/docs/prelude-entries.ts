// What each document leaves to the reader, per document: a name a block uses without defining it,
// and its declaration (`declare …`, type-checked only) or a small definition (the block can also run).
// A block that imports or declares the name itself does not get the entry.

/** A tool the reader wrote elsewhere, as a class. */
const TOOL_CLASS = "declare const %s: new () => import('@toolwright/core').Tool;";
/** The reader's own approval UI. */
const ASK_THE_USER = 'declare function askTheUser(...question: unknown[]): Promise<boolean>;';

/** Fills in a template's `%s` with a name. */
function named(template: string, name: string): string {
  return template.replace('%s', name);
}

/**
 * Entries for a block that imports a module, before its document's: where documents use one name
 * for each framework's own kind of value (`model`).
 */
export const PRELUDES_BY_IMPORT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  langchain: { model: "declare const model: import('@langchain/core/language_models/chat_models').BaseChatModel;" },
};

/** Prelude entries per document: name → one line of TypeScript. */
export const PRELUDES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'README.md': {
    confirm: "declare function confirm(request: import('@toolwright/gate').ApprovalRequest): Promise<boolean>;",
    myPolicy: "declare const myPolicy: import('@toolwright/gate').ToolPolicy;",
    log: "declare function log(event: import('@toolwright/gate').AuditEvent): void;",
    blocks: "declare const blocks: import('@toolwright/gate/providers').AnthropicToolUseBlock[];",
  },
  'docs/integrations.md': {
    SetLightTool: named(TOOL_CLASS, 'SetLightTool'),
    DeleteFileTool: named(TOOL_CLASS, 'DeleteFileTool'),
    UnlockDoorTool: named(TOOL_CLASS, 'UnlockDoorTool'),
    askTheUser: ASK_THE_USER,
    model: "declare const model: import('ai').LanguageModel;",
    tools: "declare const tools: import('@toolwright/core').Tool[];",
    permissions: "declare const permissions: import('@toolwright/gate').PermissionConfig;",
    gate: "declare const gate: import('@toolwright/gate').ToolGate;",
    approver: "declare const approver: import('@toolwright/gate').Approver;",
    toolUse: "declare const toolUse: import('@toolwright/core').ToolUse;",
    ui: "declare const ui: { showProgress(update: import('@toolwright/core').ToolProgress): void };",
    logger: "declare const logger: import('@toolwright/core').ToolLogger;",
    client: "declare const client: import('@modelcontextprotocol/client').Client;",
  },
  'docs/mcp.md': {
    gate: "declare const gate: import('@toolwright/gate').ToolGate;",
    readerGate: "declare const readerGate: import('@toolwright/gate').ToolGate;",
  },
  'docs/permissions.md': {
    tools: "declare const tools: import('@toolwright/core').Tool[];",
    askTheUser: ASK_THE_USER,
    secret: 'declare const secret: string;',
    toolUse: "declare const toolUse: import('@toolwright/core').ToolUse;",
  },
  'docs/writing-tools.md': {
    search:
      'function search(input: GrepInput, cwd: string, signal: AbortSignal): string[] { return [`${signal.aborted ? "aborted" : "searched"} ${input.path ?? cwd} for ${input.pattern} (${input.outputMode})`]; }',
    CopyInput: 'declare class CopyInput { files: string[]; target: string; }',
    copy: 'declare function copy(file: string, target: string): Promise<void>;',
  },
  'packages/gate/README.md': {
    bash: "declare const bash: import('@toolwright/core').Tool;",
    read: "declare const read: import('@toolwright/core').Tool;",
    search: "declare const search: import('@toolwright/core').Tool;",
    confirmWithUser:
      "declare function confirmWithUser(request: import('@toolwright/gate').ApprovalRequest): Promise<boolean>;",
    auditLog: "declare const auditLog: { write(event: import('@toolwright/gate').AuditEvent): void };",
    toolUseBlocks: "declare const toolUseBlocks: import('@toolwright/gate/providers').AnthropicToolUseBlock[];",
  },
  'packages/integrations/README.md': {
    SetLightTool: named(TOOL_CLASS, 'SetLightTool'),
    DeleteFileTool: named(TOOL_CLASS, 'DeleteFileTool'),
    UnlockDoorTool: named(TOOL_CLASS, 'UnlockDoorTool'),
    model: "declare const model: import('ai').LanguageModel;",
    getWeather: "declare const getWeather: import('ai').Tool;",
    sendEmail: "declare const sendEmail: import('ai').Tool;",
  },
  'packages/redis/README.md': {
    tools: "declare const tools: import('@toolwright/core').Tool[];",
    secret: 'declare const secret: string;',
    pending: "declare const pending: import('@toolwright/gate').PendingApproval;",
    toolUse: "declare const toolUse: import('@toolwright/core').ToolUse;",
  },
  'packages/mcp/README.md': {
    ReadFileTool: named(TOOL_CLASS, 'ReadFileTool'),
    DeleteFileTool: named(TOOL_CLASS, 'DeleteFileTool'),
    localTools: "declare const localTools: import('@toolwright/core').Tool[];",
  },
};
