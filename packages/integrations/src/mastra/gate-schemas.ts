import type { StandardSchemaWithJSON } from '@mastra/core/schema';
import type { JsonObject } from '@toolwright/core';

/** One problem a schema found, as Standard Schema reports it. */
interface Issue {
  readonly message: string;
  readonly path?: readonly PropertyKey[];
}

/**
 * A Standard Schema with its JSON Schema (what Mastra takes for a tool's schemas): `jsonSchema` is
 * handed out as a fresh copy each time (Mastra may add keys such as `$schema`), and `check` says
 * what is wrong with a value, if anything; a value it accepts passes through unchanged.
 */
function standardSchema<Value>(
  jsonSchema: JsonObject,
  check: (value: unknown) => readonly Issue[],
): StandardSchemaWithJSON<Value> {
  return {
    '~standard': {
      version: 1,
      vendor: 'toolwright',
      validate: (value: unknown) => {
        const issues = check(value);
        return issues.length === 0 ? { value: value as Value } : { issues };
      },
      jsonSchema: { input: () => structuredClone(jsonSchema), output: () => structuredClone(jsonSchema) },
    },
  };
}

/**
 * A gate tool's input schema for Mastra: the tool's own JSON Schema, unchanged, with a validation
 * that passes every input through. Mastra validates a tool's input before `execute` (a plain JSON
 * Schema with Ajv, whose message for a typo'd key names nothing the model can fix); the gate checks
 * the same schema itself, so the input reaches it exactly as the model sent it and the model reads
 * the gate's sentence: `Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.`
 */
export function gateInputSchema(schema: JsonObject): StandardSchemaWithJSON<unknown> {
  return standardSchema<unknown>(schema, () => []);
}

/** What a call an `ask` rule matches suspends the run with (the run's `suspendPayload`). */
export interface GateApprovalRequest {
  /** The call put to the user. */
  readonly toolCallId: string;
  /** The tool's name. */
  readonly toolName: string;
  /** The input exactly as the model sent it. */
  readonly args: unknown;
  /** What the reviewer reads. */
  readonly description: string;
}

/**
 * What resumes a suspended call: `{ approved: true }` runs it once, `{ approved: false, reason? }`
 * refuses it. This is what Mastra's `approveToolCall` and `declineToolCall` (and their `…Generate`
 * forms) resume a run with, so those methods answer the gate's `ask` rules unchanged.
 */
export interface GateApprovalAnswer {
  /** `true` runs the call once; `false` refuses it. */
  readonly approved: boolean;
  /** Why the call was refused: the model reads it in the refusal. */
  readonly reason?: string;
}

const REQUEST_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    toolCallId: { type: 'string', description: 'The tool call put to the user' },
    toolName: { type: 'string', description: 'The tool' },
    args: { description: 'The input exactly as the model sent it' },
    description: { type: 'string', description: 'What the reviewer reads' },
  },
  required: ['toolCallId', 'toolName', 'args', 'description'],
};

const ANSWER_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    approved: { type: 'boolean', description: 'true runs the tool call once; false refuses it' },
    reason: { type: 'string', description: 'Why the call was refused, for the model' },
  },
  required: ['approved'],
};

/** The suspend schema of every gate tool: a {@link GateApprovalRequest}. */
export const approvalRequestSchema = standardSchema<GateApprovalRequest>(REQUEST_SCHEMA, (value) =>
  isRecord(value) &&
  typeof value.toolCallId === 'string' &&
  typeof value.toolName === 'string' &&
  typeof value.description === 'string' &&
  'args' in value
    ? []
    : [{ message: 'An approval request has a toolCallId, toolName, args and description.' }],
);

/** The resume schema of every gate tool: a {@link GateApprovalAnswer}. */
export const approvalAnswerSchema = standardSchema<GateApprovalAnswer>(ANSWER_SCHEMA, (value) => {
  if (!isRecord(value) || typeof value.approved !== 'boolean') {
    return [{ message: 'The answer needs approved: true or false.', path: ['approved'] }];
  }
  if (value.reason !== undefined && typeof value.reason !== 'string') {
    return [{ message: 'The reason, when given, is a string.', path: ['reason'] }];
  }
  return [];
});

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
