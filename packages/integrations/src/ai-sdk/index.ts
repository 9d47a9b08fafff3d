// The public API of @toolwright/integrations/ai-sdk. Every export here is public: add to it deliberately.
export { toAiSdkTools, type AiSdkToolsOptions, type GateToolSet } from './to-ai-sdk-tools.js';
export { toModelOutput, type GateModelContent, type GateModelOutput } from './to-model-output.js';
export { fromAiSdkTools, type AiSdkToolOverrides, type FromAiSdkToolsOptions } from './from-ai-sdk-tools.js';
export { AiSdkTool } from './ai-sdk-tool.js';
