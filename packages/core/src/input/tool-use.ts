import { ToolwrightError } from '../errors/toolwright-error.js';
import { article, describeJsonType } from '../json/json.js';
import { ToolInput } from './tool-input.js';

/**
 * A model's tool call, independent of the provider (SPEC TC-2). Converting a payload never
 * throws: arguments that are not a JSON object leave `input` empty and say why in `inputError`,
 * and executing such a call yields an error result with that sentence; the turn goes on.
 */
export interface ToolUse {
  /** The provider's call id, echoed back with the result. */
  readonly id: string;
  /** The tool the model called, as sent. */
  readonly name: string;
  /** The arguments, nulls dropped at every object level. */
  readonly input: ToolInput;
  /** Why the arguments could not be read, for the model; absent when they could. */
  readonly inputError?: string;
}

/** A ToolUse from already-parsed arguments (Anthropic `tool_use.input`, MCP `arguments`). Never throws. */
export function createToolUse(id: unknown, name: unknown, input: unknown): ToolUse {
  const toolName = asText(name);
  if (input === null || input === undefined) return freeze(asText(id), toolName, ToolInput.EMPTY);
  try {
    return freeze(asText(id), toolName, ToolInput.of(input));
  } catch (error) {
    const reason = ToolwrightError.isInstance(error) ? error.message : 'Tool input could not be read.';
    const sentence =
      typeof input === 'object' && !Array.isArray(input)
        ? `Arguments for tool '${toolName}' could not be read: ${reason}`
        : `Arguments for tool '${toolName}' must be a JSON object, but were ${article(describeJsonType(input))}.`;
    const use = freeze(asText(id), toolName, ToolInput.EMPTY, sentence);
    // These sentences name types and limits, never values.
    withoutArguments.set(use, sentence);
    return use;
  }
}

/**
 * A ToolUse from arguments sent as JSON text (OpenAI `tool_calls[].function.arguments`,
 * Responses `function_call.arguments`). Empty text, and the JSON `null` (absence, as everywhere
 * in TC-1), mean no arguments: the schema then reports what is required. Never throws.
 */
export function parseToolUse(id: unknown, name: unknown, argumentsText: unknown): ToolUse {
  const toolName = asText(name);
  if (typeof argumentsText !== 'string') return createToolUse(id, name, argumentsText);
  if (argumentsText.trim() === '') return freeze(asText(id), toolName, ToolInput.EMPTY);
  let parsed: unknown;
  try {
    parsed = JSON.parse(argumentsText);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const use = freeze(
      asText(id),
      toolName,
      ToolInput.EMPTY,
      `Arguments for tool '${toolName}' are not valid JSON (${reason}). Send the arguments as one JSON object.`,
    );
    // The parser's message quotes the text it choked on: an audit log must not carry it.
    withoutArguments.set(use, `Arguments for tool '${toolName}' are not valid JSON.`);
    return use;
  }
  return createToolUse(id, name, parsed);
}

const withoutArguments = new WeakMap<ToolUse, string>();

/**
 * Why a call's arguments could not be read, in words that quote none of them (for audit events
 * and logs that must not carry argument values); `undefined` when they could be read.
 */
export function describeInputErrorWithoutArguments(toolUse: ToolUse): string | undefined {
  if (toolUse.inputError === undefined) return undefined;
  return withoutArguments.get(toolUse) ?? `Arguments for tool '${toolUse.name}' could not be read.`;
}

function freeze(id: string, name: string, input: ToolInput, inputError?: string): ToolUse {
  return Object.freeze(inputError === undefined ? { id, name, input } : { id, name, input, inputError });
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return String(value);
  } catch {
    return '';
  }
}
