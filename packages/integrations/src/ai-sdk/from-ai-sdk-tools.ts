import {
  createExternalToolDefinition,
  SafetyLevel,
  ToolwrightError,
  type Concurrency,
  type SchemaProfile,
  type SubjectSource,
  type ToolSafety,
} from '@toolwright/core';
import { asSchema, type ToolSet } from 'ai';
import { AiSdkTool } from './ai-sdk-tool.js';

/** Per-tool settings that replace the defaults of {@link FromAiSdkToolsOptions}. */
export interface AiSdkToolOverrides {
  /** What this tool may do. */
  readonly safety?: SafetyLevel | ToolSafety;
  /** Parallel or exclusive. */
  readonly concurrency?: Concurrency;
  /** The input field permission patterns (`name(pattern)`) are matched against. */
  readonly subject?: SubjectSource;
}

/** How AI SDK tools become toolwright tools. */
export interface FromAiSdkToolsOptions {
  /** What every tool may do. Default WRITE, destructive (the tool runs only with `allowWrite`), as for an untrusted MCP tool. */
  readonly safety?: SafetyLevel | ToolSafety;
  /** Settings for single tools, by name. */
  readonly tools?: Readonly<Record<string, AiSdkToolOverrides>>;
  /** Where the tools come from, as a human names it, in messages. Default `AI SDK tools`. */
  readonly origin?: string;
  /** The schema profile the input schemas are held to. Default STANDARD. */
  readonly schemaProfile?: SchemaProfile;
}

const DEFAULT_SAFETY: ToolSafety = Object.freeze({ level: SafetyLevel.WRITE, destructive: true });

/**
 * Existing AI SDK tools (a `ToolSet`, zod or `jsonSchema` input schemas) as toolwright tools for a
 * `ToolGate` (SPEC IN-1), so the gate's permissions, validation sentences, timeouts, output limit
 * and audit apply to them. Each input schema (and output schema, when declared) passes the one
 * external-schema constructor, `createExternalToolDefinition`: a schema it refuses fails the
 * conversion with an error naming the tool. A tool without `execute`, or a provider tool (run by
 * the provider, not here), is refused the same way. Async because an AI SDK schema may produce
 * its JSON Schema asynchronously.
 */
export async function fromAiSdkTools(toolSet: ToolSet, options: FromAiSdkToolsOptions = {}): Promise<AiSdkTool[]> {
  const origin = options.origin ?? 'AI SDK tools';
  const profile = options.schemaProfile === undefined ? {} : { profile: options.schemaProfile };
  const tools: AiSdkTool[] = [];
  for (const [name, aiTool] of Object.entries(toolSet)) {
    if (aiTool.type === 'provider') {
      throw new ToolwrightError(
        'INVALID_TOOL_DEFINITION',
        `AI SDK tool '${name}' from ${origin} is a provider tool: its provider runs it, so a gate cannot.`,
      );
    }
    const execute = aiTool.execute;
    if (typeof execute !== 'function') {
      throw new ToolwrightError(
        'INVALID_TOOL_DEFINITION',
        `AI SDK tool '${name}' from ${origin} has no execute function, so a gate cannot run it.`,
      );
    }
    const inputSchema = asSchema<unknown>(aiTool.inputSchema);
    const outputSchema =
      aiTool.outputSchema === undefined ? undefined : await asSchema<unknown>(aiTool.outputSchema).jsonSchema;
    const definition = createExternalToolDefinition(
      {
        name,
        description: aiTool.description ?? '',
        inputSchema: await inputSchema.jsonSchema,
        ...(outputSchema === undefined ? {} : { outputSchema }),
        origin,
      },
      profile,
    );
    const overrides = options.tools?.[name] ?? {};
    tools.push(
      new AiSdkTool(definition, {
        safety: overrides.safety ?? options.safety ?? DEFAULT_SAFETY,
        ...(overrides.concurrency === undefined ? {} : { concurrency: overrides.concurrency }),
        ...(overrides.subject === undefined ? {} : { subject: overrides.subject }),
        execute: execute as AiSdkToolExecute,
        inputSchema,
      }),
    );
  }
  return tools;
}

type AiSdkToolExecute = ConstructorParameters<typeof AiSdkTool>[1]['execute'];
