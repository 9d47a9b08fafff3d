// The root of @toolwright/integrations loads no framework: each integration is a subpath of its
// own (`@toolwright/integrations/ai-sdk`), so importing one never loads another, and a framework
// is needed only by the code that uses it (each is an optional peer dependency).

/** The subpaths of this package, one per framework. */
export const INTEGRATION_SUBPATHS = Object.freeze([
  'ai-sdk',
  'openai-agents',
  'langchain',
  'mastra',
  'claude-agent-sdk',
] as const);
