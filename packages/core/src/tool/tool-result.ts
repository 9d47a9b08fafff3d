import type { Violation } from '../validation/violation.js';
import { checkContentParts, describeParts, type ContentPart } from './content-part.js';

/** Facts about a result, for the host and the audit log; the model reads only `content`. */
export interface ToolResultMetadata {
  /** The content was cut to the output limit. */
  readonly truncated?: boolean;
  /** The content's length before it was cut, in UTF-16 code units. */
  readonly originalLength?: number;
  /**
   * For the model, when the content is cut: one sentence on how to get the rest (Bash: redirect
   * the output to a file and read it in parts). The cut marker ends with it; without it the gate
   * says something general.
   */
  readonly cutHint?: string;
  /** The structured payload was left out: as JSON it was over the output limit, or not JSON at all. */
  readonly structuredDropped?: boolean;
  /** The left-out structured payload's size as JSON text, in UTF-16 code units. */
  readonly structuredLength?: number;
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
 * The value a tool call produces (SPEC TC-4): text for the model (or parts: text, images, audio,
 * resources, SPEC CO-1), an optional structured payload, whether it is an error, and metadata.
 * Provider wire formats are made from it elsewhere (PR-*).
 */
export interface ToolResult {
  /** What the model reads; for a result of parts, their text form (what a text-only wire gets). */
  readonly content: string;
  /**
   * The content in parts, in order, when it holds more than text; absent for text alone. A wire
   * that carries images or resources sends these; any other sends `content`.
   */
  readonly parts?: readonly ContentPart[];
  /** An optional machine-readable payload (for MCP `structuredContent`, hosts, tests). */
  readonly structured?: unknown;
  /** True when the call failed, was refused, or was not run. */
  readonly isError: boolean;
  /** Facts about the call. */
  readonly metadata: ToolResultMetadata;
}

/** What a result carries besides its text: the structured payload and the facts. */
export interface ToolResultExtras {
  /** A machine-readable payload; left out when `undefined`. */
  readonly structured?: unknown;
  /** Facts about the call. */
  readonly metadata?: ToolResultMetadata;
}

/** What {@link ToolResult.derive} changes in a result; everything not named is kept. */
export interface ToolResultChanges {
  /**
   * The new text for the model. Without `parts`, it replaces the whole content: a result of parts
   * becomes a text result, so a rewrite (a redaction, say) is what every wire gets, never the old
   * parts beside new text. With `parts`, the text form they get instead of their own.
   */
  readonly content?: string;
  /** New parts (checked as the factories check them); `parts: undefined`, given explicitly, leaves the result text alone. */
  readonly parts?: readonly ContentPart[];
  /** Facts to add, merged over the result's own (a key given here wins). */
  readonly metadata?: ToolResultMetadata;
  /** A new structured payload; `structured: undefined`, given explicitly, leaves the payload out. */
  readonly structured?: unknown;
}

/** Factories for {@link ToolResult} values. */
export const ToolResult = {
  /**
   * A successful result: text, or parts (SPEC CO-1), checked and copied; parts that are all text
   * make a text result (joined by newlines). Throws `INVALID_CONTENT_PART` for a part that is not one.
   */
  ok(content: string | readonly ContentPart[], extras: ToolResultExtras = {}): ToolResult {
    if (typeof content === 'string') return build(content, false, extras.structured, extras.metadata);
    const made = fromParts(content);
    return build(made.content, false, extras.structured, extras.metadata, false, made.parts);
  },

  /** An error result: `content` (text or parts, as {@link ToolResult.ok} takes them) says what went wrong and what to change. */
  error(content: string | readonly ContentPart[], extras: ToolResultExtras = {}): ToolResult {
    if (typeof content === 'string') return build(content, true, extras.structured, extras.metadata);
    const made = fromParts(content);
    return build(made.content, true, extras.structured, extras.metadata, false, made.parts);
  },

  /**
   * A result made from another: the same kind (ok or error), its text, payload and metadata,
   * except what `changes` names. The one way results are rewritten (cut, timed, annotated), so
   * nothing — a failing tool's payload included — is lost on the way.
   */
  derive(result: ToolResult, changes: ToolResultChanges = {}): ToolResult {
    const structured = Object.hasOwn(changes, 'structured') ? changes.structured : result.structured;
    const metadata = { ...result.metadata, ...changes.metadata };
    if (!Object.hasOwn(changes, 'parts')) {
      const parts = changes.content === undefined ? result.parts : undefined;
      return build(changes.content ?? result.content, result.isError, structured, metadata, true, parts);
    }
    const made = changes.parts === undefined ? { content: result.content } : fromParts(changes.parts);
    return build(changes.content ?? made.content, result.isError, structured, metadata, true, made.parts);
  },

  /** The error result for a tool that threw or rejected: names the tool and the message, never a stack. */
  fromException(toolName: string, thrown: unknown): ToolResult {
    const exception = describeException(thrown);
    return ToolResult.error(`Tool '${toolName}' failed: ${exception.message}`, { metadata: { exception } });
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

/**
 * The line that ends a cut text (SPEC PO-3): how much the model sees, of how much, and how to get
 * the rest, e.g. `[Output cut: showed the first 29,871 of 1,088,889 characters. Fix what is shown
 * and call again.]`. Counts are characters (Unicode code points: see `countCharacters` in
 * `@toolwright/core/internal`), written with thousands separators.
 */
export function describeCut(shown: number, total: number, hint = ''): string {
  const counts = `showed the first ${formatCount(shown)} of ${formatCount(total)} characters.`;
  return `[Output cut: ${counts}${hint === '' ? '' : ` ${hint}`}]`;
}

function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}

/**
 * The successful result with `content` and, as its one fact, `durationMs`: what a gate answers for
 * a tool that answered with text alone. Built at once, its metadata a fresh object (not a copy).
 */
export function timedResult(content: string, durationMs: number): ToolResult {
  return build(content, false, undefined, { durationMs }, true);
}

/** The metadata of a result made without any: one shared frozen empty object. */
const NO_METADATA: ToolResultMetadata = Object.freeze({});

/** The text and the checked parts of a result made of parts; parts that are all text make text alone. */
function fromParts(parts: readonly ContentPart[]): { content: string; parts?: readonly ContentPart[] } {
  const checked = checkContentParts(parts);
  const content = describeParts(checked);
  return checked.every((part) => part.type === 'text') ? { content } : { content, parts: checked };
}

function build(
  content: string,
  isError: boolean,
  structured: unknown,
  metadata: ToolResultMetadata | undefined,
  fresh = false,
  parts?: readonly ContentPart[],
): ToolResult {
  // The caller's metadata is copied before it is frozen, unless it is a fresh copy already. The
  // copy starts from an empty object: V8 gives `{ ...metadata }` the literal's own hidden class,
  // and freezing that copy makes every later literal of that shape slow to build and to read.
  const facts =
    metadata === undefined ? NO_METADATA : Object.freeze(fresh ? metadata : { ...NO_METADATA, ...metadata });
  let result: ToolResult =
    structured === undefined
      ? { content, isError, metadata: facts }
      : { content, structured, isError, metadata: facts };
  // Parts go after the other keys, so a text result keeps the one shape it has always had.
  if (parts !== undefined) result = { ...result, parts };
  return Object.freeze(result);
}
