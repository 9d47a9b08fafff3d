// @toolwright/integrations/claude-agent-sdk: a gate's tools as the Claude Agent SDK's in-process MCP
// server, and the SDK's `canUseTool` answered by the gate's permission rules (SPEC FW-3). Loads no
// code of the SDK: only its types are used.
export { toClaudeAgentSdkServer, type ClaudeAgentSdkServerOptions } from './gate-mcp-server.js';
export { createCanUseTool, type CanUseToolOptions } from './can-use-tool.js';
