import { describeCut, ToolResult } from '@toolwright/core';
import { countCharacters, cutLength, cutText, timedResult } from '@toolwright/core/internal';
import { OPENAI_ERROR_PREFIX } from '../providers/openai-result-text.js';
import { callClock } from '../execution/call-clock.js';
import type { GateCall } from './gate-call.js';
import type { GateStage } from './stage.js';

/** How the model gets the rest of a cut successful result, when the tool gives no hint of its own. */
export const DEFAULT_CUT_HINT = 'To see the rest, ask for a smaller part at a time.';

/** How the model gets the rest of a cut error (a long list of problems, say), when the tool gives no hint. */
export const DEFAULT_ERROR_CUT_HINT = 'Fix what is shown and call again; the rest will be reported then.';

/**
 * Bounds a result to `maxChars` (SPEC PO-3), the one limit on what the model or any wire gets:
 *
 * - The content is cut without splitting a surrogate pair and ends with a marker that says how
 *   much was shown and how to get the rest (the tool's `cutHint`, else a general sentence);
 *   `truncated: true` and `originalLength` go into the metadata. A cut error leaves room for the
 *   `Error: ` prefix the OpenAI formats put before it. (An error within the limit is not cut for
 *   the prefix's sake: a tool that fits its own output to the limit, with a last line that must
 *   stay — Bash's `[exit code: N]` — keeps it.)
 * - A structured payload whose JSON is longer than `maxChars` (or that is not JSON at all) is left
 *   out, with `structuredDropped: true` and `structuredLength` in the metadata.
 *
 * A result within the limit is returned unchanged.
 */
export function limitOutput(result: ToolResult, maxChars: number): ToolResult {
  const structured = boundStructured(result.structured, maxChars);
  const { content } = result;
  const over = content.length > maxChars;
  if (!over && structured === undefined) return result;
  const cut = over ? cutContent(result, contentBudget(result, maxChars)) : undefined;
  return ToolResult.derive(result, {
    ...(cut === undefined ? {} : { content: cut }),
    ...(structured === undefined ? {} : { structured: undefined }),
    metadata: {
      ...(cut === undefined ? {} : { truncated: true, originalLength: content.length }),
      ...structured,
    },
  });
}

/** The characters a cut content may take: the limit, less the `Error: ` prefix an error may still get. */
function contentBudget(result: ToolResult, maxChars: number): number {
  const prefix = result.isError && !result.content.startsWith(OPENAI_ERROR_PREFIX) ? OPENAI_ERROR_PREFIX.length : 0;
  return Math.max(0, Math.floor(maxChars) - prefix);
}

/**
 * The content cut to `budget` characters, marker included. The marker is measured with the
 * largest count it can hold, so text and marker stay within the budget. Where the full marker
 * does not fit, a marker without the hint is tried; a budget too small for either gets the bare cut.
 */
function cutContent(result: ToolResult, budget: number): string {
  const { content } = result;
  const hint =
    typeof result.metadata.cutHint === 'string' && result.metadata.cutHint !== ''
      ? result.metadata.cutHint
      : result.isError
        ? DEFAULT_ERROR_CUT_HINT
        : DEFAULT_CUT_HINT;
  const total = countCharacters(content);
  for (const markerHint of [hint, '']) {
    // Measured with the largest count the marker can hold; it then says characters, not UTF-16 units.
    const marker = (shown: number): string => `\n${describeCut(shown, total, markerHint)}`;
    const keep = cutLength(content, budget - marker(budget).length);
    if (keep >= 1) return `${content.slice(0, keep)}${marker(countCharacters(content.slice(0, keep)))}`;
  }
  return cutText(content, budget).text;
}

/** The metadata saying a payload was left out, or `undefined` when it may go on (absent, or within the limit). */
function boundStructured(
  structured: unknown,
  maxChars: number,
): { readonly structuredDropped: true; readonly structuredLength?: number } | undefined {
  if (structured === undefined) return undefined;
  let json: string | undefined;
  try {
    json = JSON.stringify(structured);
  } catch {
    // A cycle, a BigInt or a throwing toJSON: it cannot go on any wire.
  }
  if (json === undefined) return { structuredDropped: true };
  return json.length <= maxChars ? undefined : { structuredDropped: true, structuredLength: json.length };
}

/** The result as the gate returns it: within the output limit, with how long the call took. */
export function finishResult(result: ToolResult, maxChars: number, durationMs: number): ToolResult {
  return ToolResult.derive(limitOutput(result, maxChars), { metadata: { durationMs: roundDuration(durationMs) } });
}

/**
 * {@link finishResult} of the successful result with `text` and nothing else: a text within the
 * limit is built into that result once, with the duration, and is not built and then copied.
 */
export function finishText(text: string, maxChars: number, durationMs: number): ToolResult {
  if (text.length > maxChars) return finishResult(ToolResult.ok(text), maxChars, durationMs);
  return timedResult(text, roundDuration(durationMs));
}

/** A duration in ms, to the microsecond. */
function roundDuration(durationMs: number): number {
  return Math.round(durationMs * 1000) / 1000;
}

/** The output limit (SPEC PO-3): one limit for refusals and results alike (the runner sends refusals here). */
export const outputLimit: GateStage = {
  name: 'output limit',
  run(call) {
    call.result = limitAnswer(call, call.result!);
    return undefined;
  },
};

/**
 * The call's answer within the output limit, with how long it took (SPEC PO-3): a refusal, or the
 * result — built once here from the tool's text when it answered with text alone.
 */
export function limitAnswer(call: GateCall, answer: ToolResult): ToolResult {
  const { maxToolOutputChars } = call.context.options;
  const text = call.text;
  if (text === undefined) return finishResult(answer, maxToolOutputChars, callClock() - call.started);
  call.text = undefined;
  return finishText(text, maxToolOutputChars, callClock() - call.started);
}
