// The public API of @toolwright/integrations/mastra. Every export here is public: add to it deliberately.
// It loads @mastra/core's tools entry only (the optional peer): the agent, its storage and its model
// are the host's.
export {
  toMastraTools,
  type GateMastraTool,
  type GateMastraToolSet,
  type MastraToolsOptions,
} from './to-mastra-tools.js';
export { toModelOutput, type GateMastraContent, type GateMastraModelOutput } from './to-model-output.js';
export type { GateApprovalAnswer, GateApprovalRequest } from './gate-schemas.js';
