import { describeCut, describeParts, ToolResult, ToolwrightError, type ContentPart } from '@toolwright/core';
import {
  base64ByteLength,
  countCharacters,
  cutLength,
  cutText,
  DEFAULT_RUN_OPTIONS,
  describeBytes,
  describePart,
  isBinaryPart,
  partData,
  timedResult,
  wellFormedParts,
} from '@toolwright/core/internal';
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
export function limitOutput(
  result: ToolResult,
  maxChars: number,
  maxBytes: number = DEFAULT_RUN_OPTIONS.maxToolOutputBytes,
): ToolResult {
  if (result.parts !== undefined) {
    let parts: readonly ContentPart[];
    try {
      parts = wellFormedParts(result.parts);
    } catch (error) {
      // A result shaped by hand (or by another copy of core) whose parts are not parts: nothing of it goes on a wire.
      if (!ToolwrightError.isInstance(error)) throw error;
      return ToolResult.error(`The tool answered with content that is not well formed: ${error.message}`, {
        metadata: { malformedParts: true },
      });
    }
    return limitParts(result, parts, maxChars, maxBytes);
  }
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

/**
 * {@link limitOutput} for a result of parts (SPEC CO-1). Binary parts (images, audio, embedded
 * files) keep their order while their bytes fit `maxBytes` in all; a part past it is left out, and
 * a sentence in its place tells the model what it was (`partsLeftOut` and `bytesLeftOut` in the
 * metadata). Then the text form is bounded as a text result's content is: the parts before the cut
 * stay, a text part at the cut is cut and ends with the marker, and nothing after it is sent.
 */
function limitParts(result: ToolResult, parts: readonly ContentPart[], maxChars: number, maxBytes: number): ToolResult {
  const structured = boundStructured(result.structured, maxChars);
  let bytes = 0;
  let partsLeftOut = 0;
  let bytesLeftOut = 0;
  let bounded = parts.map((part): ContentPart => {
    if (!isBinaryPart(part)) return part;
    const size = base64ByteLength(partData(part));
    if (bytes + size <= maxBytes) {
      bytes += size;
      return part;
    }
    partsLeftOut += 1;
    bytesLeftOut += size;
    return { type: 'text', text: `${describePart(part)} was left out: ${leftOutReason(maxBytes)}` };
  });
  const text = describeParts(bounded);
  const over = text.length > maxChars;
  if (over) bounded = cutParts(result, bounded, text, contentBudget(result, maxChars));
  // Parts checked here (not a factory's) replace the result's own, so only what was checked goes on.
  const checkedHere = parts !== result.parts;
  if (!over && partsLeftOut === 0 && structured === undefined && !checkedHere) return result;
  return ToolResult.derive(result, {
    ...(over || partsLeftOut > 0 || checkedHere ? { parts: bounded } : {}),
    ...(structured === undefined ? {} : { structured: undefined }),
    metadata: {
      ...(over ? { truncated: true, originalLength: text.length } : {}),
      ...(partsLeftOut === 0 ? {} : { partsLeftOut, bytesLeftOut }),
      ...structured,
    },
  });
}

/** Why a binary part was left out, for the model. */
function leftOutReason(maxBytes: number): string {
  return `the images, audio and files of one result may take ${describeBytes(maxBytes)} in all.`;
}

/** The parts whose text form is the text cut to `budget` (marker included); what follows the cut is dropped. */
function cutParts(result: ToolResult, parts: readonly ContentPart[], text: string, budget: number): ContentPart[] {
  const plan = planCut(text, cutHintOf(result), budget);
  if (plan.marker === undefined) return [{ type: 'text', text: plan.text }];
  const kept: ContentPart[] = [];
  let offset = 0;
  for (const [index, part] of parts.entries()) {
    const start = index === 0 ? 0 : offset + 1;
    const form = describePart(part);
    if (start + form.length <= plan.keep) {
      kept.push(part);
      offset = start + form.length;
      continue;
    }
    // A text part at the cut is cut; any other part is left out whole, and the marker counts only what is shown.
    if (part.type === 'text' && start < plan.keep)
      kept.push({ type: 'text', text: `${form.slice(0, plan.keep - start)}${plan.marker}` });
    else kept.push({ type: 'text', text: plan.markerAt(offset).slice(1) });
    break;
  }
  return kept;
}

/** The characters a cut content may take: the limit, less the `Error: ` prefix an error may still get. */
function contentBudget(result: ToolResult, maxChars: number): number {
  const prefix = result.isError && !result.content.startsWith(OPENAI_ERROR_PREFIX) ? OPENAI_ERROR_PREFIX.length : 0;
  return Math.max(0, Math.floor(maxChars) - prefix);
}

/** The tool's hint for getting the rest of a cut result, else the general one for its kind. */
function cutHintOf(result: ToolResult): string {
  return typeof result.metadata.cutHint === 'string' && result.metadata.cutHint !== ''
    ? result.metadata.cutHint
    : result.isError
      ? DEFAULT_ERROR_CUT_HINT
      : DEFAULT_CUT_HINT;
}

/**
 * Where `text` is cut to fit `budget` characters, marker included: the UTF-16 units kept and the
 * marker (with its leading newline) that follows them. The marker is measured with the largest
 * count it can hold, so text and marker stay within the budget. Where the full marker does not
 * fit, a marker without the hint is tried; a budget too small for either gets the bare cut.
 */
function planCut(
  text: string,
  hint: string,
  budget: number,
):
  | {
      readonly keep: number;
      readonly marker: string;
      /** The marker for a cut that keeps only the first `units` UTF-16 units (a cut moved back to a part's start). */
      readonly markerAt: (units: number) => string;
    }
  | { readonly text: string; readonly marker?: undefined } {
  const total = countCharacters(text);
  for (const markerHint of [hint, '']) {
    // Measured with the largest count the marker can hold; it then says characters, not UTF-16 units.
    const marker = (shown: number): string => `\n${describeCut(shown, total, markerHint)}`;
    const keep = cutLength(text, budget - marker(budget).length);
    if (keep >= 1)
      return {
        keep,
        marker: marker(countCharacters(text.slice(0, keep))),
        markerAt: (units) => marker(countCharacters(text.slice(0, units))),
      };
  }
  return { text: cutText(text, budget).text };
}

/** The content cut to `budget` characters, marker included (see {@link planCut}). */
function cutContent(result: ToolResult, budget: number): string {
  const plan = planCut(result.content, cutHintOf(result), budget);
  return plan.marker === undefined ? plan.text : `${result.content.slice(0, plan.keep)}${plan.marker}`;
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
export function finishResult(
  result: ToolResult,
  maxChars: number,
  durationMs: number,
  maxBytes: number = DEFAULT_RUN_OPTIONS.maxToolOutputBytes,
): ToolResult {
  return ToolResult.derive(limitOutput(result, maxChars, maxBytes), {
    metadata: { durationMs: roundDuration(durationMs) },
  });
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
  const { maxToolOutputChars, maxToolOutputBytes } = call.context.options;
  const text = call.text;
  if (text === undefined)
    return finishResult(answer, maxToolOutputChars, callClock() - call.started, maxToolOutputBytes);
  call.text = undefined;
  return finishText(text, maxToolOutputChars, callClock() - call.started);
}
