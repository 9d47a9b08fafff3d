import type { Violation } from '../validation/violation.js';

/** Facts about a result, for the host and the audit log; the model reads only `content`. */
export interface ToolResultMetadata {
  /** The content was cut to the output limit. */
  readonly truncated?: boolean;
  /** The content's length before it was cut, in UTF-16 code units. */
  readonly originalLength?: number;
  /** A permission rule or policy refused the call; the tool did not run. */
  readonly policyDenied?: boolean;
  /** The tool threw or rejected: what it threw (no stack). */
  readonly exception?: { readonly name: string; readonly message: string };
  /** How long the call took. */
  readonly durationMs?: number;
  /** The input violated the schema; the tool did not run. */
  readonly violations?: readonly Violation[];
  /** Anything else a tool or the gate reports (`exitCode`, `timedOut`, …). */
  readonly [key: string]: unknown;
}

/**
 * The value a tool call produces (SPEC TC-4): text for the model, an optional structured payload,
 * whether it is an error, and metadata. Provider wire formats are made from it elsewhere (PR-*).
 */
export interface ToolResult {
  /** What the model reads. */
  readonly content: string;
  /** An optional machine-readable payload (for MCP `structuredContent`, hosts, tests). */
  readonly structured?: unknown;
  /** True when the call failed, was refused, or was not run. */
  readonly isError: boolean;
  /** Facts about the call. */
  readonly metadata: ToolResultMetadata;
}

/** Factories for {@link ToolResult} values. */
export const ToolResult = {
  /** A successful result. */
  ok(content: string, options: { structured?: unknown; metadata?: ToolResultMetadata } = {}): ToolResult {
    return freeze({
      content,
      ...(options.structured === undefined ? {} : { structured: options.structured }),
      isError: false,
      metadata: { ...options.metadata },
    });
  },

  /** An error result: `content` says, for the model, what went wrong and what to change. */
  error(content: string, metadata: ToolResultMetadata = {}): ToolResult {
    return freeze({ content, isError: true, metadata: { ...metadata } });
  },

  /** The error result for a tool that threw or rejected: names the tool and the message, never a stack. */
  fromException(toolName: string, thrown: unknown): ToolResult {
    const exception = describeException(thrown);
    return ToolResult.error(`Tool '${toolName}' failed: ${exception.message}`, { exception });
  },

  /** True when `value` has the shape of a ToolResult. */
  isToolResult(value: unknown): value is ToolResult {
    if (typeof value !== 'object' || value === null) return false;
    const candidate = value as Record<string, unknown>;
    return (
      typeof candidate.content === 'string' &&
      typeof candidate.isError === 'boolean' &&
      typeof candidate.metadata === 'object' &&
      candidate.metadata !== null
    );
  },
};

/** `{name, message}` of anything thrown, without its stack; non-Errors become their string form. */
export function describeException(thrown: unknown): { readonly name: string; readonly message: string } {
  try {
    if (thrown instanceof Error)
      return { name: String(thrown.name), message: String(thrown.message) || String(thrown.name) };
    const text = typeof thrown === 'string' ? thrown : (JSON.stringify(thrown) ?? String(thrown));
    return { name: typeof thrown, message: text === '' ? '(empty)' : text };
  } catch {
    return { name: typeof thrown, message: safeToString(thrown) };
  }
}

function safeToString(value: unknown): string {
  try {
    return Object.prototype.toString.call(value);
  } catch {
    return '(a value that cannot be shown)';
  }
}

function freeze(result: ToolResult): ToolResult {
  Object.freeze(result.metadata);
  return Object.freeze(result);
}
