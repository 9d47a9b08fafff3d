import type { ContentPart, ToolResult } from '@toolwright/core';
import { base64ByteLength, cutText, isBinaryPart, partData } from '@toolwright/core/internal';
import type { AuditEvent } from './audit-event.js';
import type { CallOutcome } from './call-outcome.js';

/** An attribute value of a span, as OpenTelemetry takes it. */
export type SpanAttributeValue = string | number | boolean | readonly string[];

/**
 * The part of an OpenTelemetry `Span` the gate uses. Structural, so the gate imports nothing from
 * `@opentelemetry/api`: a span from any 1.x API version fits.
 */
export interface GateSpan {
  /** Sets one attribute (`error.type`). */
  setAttribute(key: string, value: SpanAttributeValue): unknown;
  /** Adds a span event (one per gate decision). */
  addEvent(name: string, attributes?: Record<string, SpanAttributeValue>): unknown;
  /** Sets the status (`ERROR`, with the reason, on a refusal or failure). */
  setStatus(status: { code: number; message?: string }): unknown;
  /** Ends the span. */
  end(): void;
}

/**
 * The part of an OpenTelemetry `Tracer` the gate uses: pass `trace.getTracer('my-agent')` from
 * `@opentelemetry/api` (an optional peer dependency). The span is made active while the call runs,
 * so spans a tool starts become its children.
 */
export interface GateTracer {
  /** Starts a span, makes it active while `fn` runs, and returns what `fn` returns. */
  startActiveSpan<T>(
    name: string,
    options: { kind: number; attributes: Record<string, SpanAttributeValue> },
    fn: (span: GateSpan) => T,
  ): T;
}

/** `SpanKind.INTERNAL` and `SpanStatusCode.ERROR` of `@opentelemetry/api`, stable since 1.0. */
const SPAN_KIND_INTERNAL = 0;
const STATUS_ERROR = 2;

/** A name that is not a registered tool is the model's text: kept out of the span name, and cut. */
const MAX_UNKNOWN_NAME = 128;

/**
 * The `error.type` of a call that did not succeed (SPEC IN-5): a small fixed set, so dashboards can
 * group by it — `unknown_tool`, `invalid_arguments`, `denied`, `approval_pending`, `timeout`,
 * `cancelled`, `tool_error` or `gate_failure`.
 */
export type CallErrorType =
  | 'unknown_tool'
  | 'invalid_arguments'
  | 'denied'
  | 'approval_pending'
  | 'timeout'
  | 'cancelled'
  | 'tool_error'
  | 'gate_failure';

/**
 * The span of one call, following the OpenTelemetry GenAI semantic conventions: named
 * `execute_tool {gen_ai.tool.name}`, with `gen_ai.operation.name`, `gen_ai.tool.name`,
 * `gen_ai.tool.call.id`, `gen_ai.tool.type`; one span event per gate decision (`toolwright.gate.{stage}`);
 * on a refusal or failure, `error.type` and an error status; for a result of parts (SPEC CO-1),
 * `toolwright.result.parts` and `toolwright.result.binary_bytes` (sizes, never bytes). Its methods never throw.
 */
export class CallSpan {
  static readonly #untraced = new CallSpan({
    setAttribute: () => undefined,
    addEvent: () => undefined,
    setStatus: () => undefined,
    end: () => undefined,
  });
  readonly #span: GateSpan;
  #outcome: CallOutcome | undefined;

  private constructor(span: GateSpan) {
    this.#span = span;
  }

  /** Runs `call` inside an active `execute_tool` span and ends the span with its result. */
  static async trace(
    tracer: GateTracer,
    tool: { readonly name: string; readonly description?: string } | undefined,
    toolUse: { readonly id: string; readonly name: string },
    call: (span: CallSpan) => Promise<ToolResult>,
  ): Promise<ToolResult> {
    const name = tool?.name ?? cutText(toolUse.name, MAX_UNKNOWN_NAME).text;
    const attributes: Record<string, SpanAttributeValue> = {
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': name,
      'gen_ai.tool.call.id': cutText(toolUse.id, MAX_UNKNOWN_NAME).text,
      'gen_ai.tool.type': 'function',
      ...(tool?.description === undefined ? {} : { 'gen_ai.tool.description': tool.description }),
    };
    let traced: Promise<ToolResult> | undefined;
    try {
      void tracer.startActiveSpan(
        tool === undefined ? 'execute_tool' : `execute_tool ${name}`,
        { kind: SPAN_KIND_INTERNAL, attributes },
        (span) => (traced = CallSpan.#run(new CallSpan(span), call)),
      );
    } catch {
      // A tracer that fails must not change the call. Once the call started it is awaited, never run twice.
    }
    return traced ?? call(CallSpan.#untraced);
  }

  static async #run(span: CallSpan, call: (span: CallSpan) => Promise<ToolResult>): Promise<ToolResult> {
    const result = await call(span);
    span.#end(result);
    return result;
  }

  /** Adds a gate decision as a span event. */
  record(event: AuditEvent): void {
    if (this === CallSpan.#untraced) return;
    try {
      this.#span.addEvent(`toolwright.gate.${event.stage}`, {
        'toolwright.decision': event.decision,
        ...(event.rule === undefined ? {} : { 'toolwright.rule': event.rule }),
        ...(event.reason === undefined ? {} : { 'toolwright.reason': event.reason }),
      });
    } catch {
      // Ignored, as an audit listener's failure is.
    }
  }

  /** How the call ended, for the span's status when it ends. */
  ended(outcome: CallOutcome): void {
    if (this !== CallSpan.#untraced) this.#outcome = outcome;
  }

  #end(result: ToolResult): void {
    try {
      // A result of parts (SPEC CO-1): how many, and the bytes of its images, audio and files — never the bytes themselves.
      if (result.parts !== undefined) {
        this.#span.setAttribute('toolwright.result.parts', result.parts.length);
        this.#span.setAttribute('toolwright.result.binary_bytes', binaryBytes(result.parts));
      }
      const outcome = this.#outcome;
      const errorType = outcome === undefined ? undefined : errorTypeOf(outcome);
      if (errorType !== undefined) {
        const reason = outcome!.kind === 'refused' || outcome!.kind === 'failed' ? outcome!.reason : undefined;
        this.#span.setAttribute('error.type', errorType);
        this.#span.setStatus({ code: STATUS_ERROR, message: reason ?? result.content.slice(0, 1_000) });
      }
      this.#span.end();
    } catch {
      // Ignored: the result stands.
    }
  }
}

/** The `error.type` of an outcome: undefined for a call that ran. */
function errorTypeOf(outcome: CallOutcome): CallErrorType | undefined {
  switch (outcome.kind) {
    case 'ran':
      return undefined;
    case 'refused':
      if (outcome.pending !== undefined) return 'approval_pending';
      if (outcome.stage === 'lookup') return 'unknown_tool';
      if (outcome.stage === 'arguments' || outcome.stage === 'limits' || outcome.stage === 'validation')
        return 'invalid_arguments';
      return 'denied';
    case 'failed':
      return outcome.by === 'gate' ? 'gate_failure' : 'tool_error';
    case 'timed-out':
      return 'timeout';
    case 'aborted':
      return 'cancelled';
  }
}

/** The bytes of a result's images, audio and embedded files, in all. */
function binaryBytes(parts: readonly ContentPart[]): number {
  let bytes = 0;
  for (const part of parts) if (isBinaryPart(part)) bytes += base64ByteLength(partData(part));
  return bytes;
}
