// The public API of @toolwright/integrations/langchain. Every export here is public: add to it deliberately.
// It loads @langchain/core only (the optional peer); the approval flow uses the interrupt LangGraph
// puts on the run's config, so nothing of @langchain/langgraph is imported here.
export { toLangChainTools, type LangChainToolsOptions } from './to-langchain-tools.js';
export { GateStructuredTool } from './gate-structured-tool.js';
export { toToolOutput, type GateToolOutput } from './to-tool-output.js';
export type {
  GateActionRequest,
  GateApprovalDecision,
  GateApprovalRequest,
  GateApprovalResponse,
  GateReviewConfig,
} from './approval-request.js';
