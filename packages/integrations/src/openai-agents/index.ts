// The public API of @toolwright/integrations/openai-agents. Every export here is public: add to it deliberately.
export { toAgentsTools } from './to-agents-tools.js';
export type { AgentsToolsOptions } from './agents-tools-options.js';
export type { GateAgentsOutput, GateAgentsTool } from './to-agents-tool.js';
