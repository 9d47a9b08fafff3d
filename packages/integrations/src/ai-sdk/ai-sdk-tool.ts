import {
  AbstractTool,
  ToolResult,
  ToolwrightError,
  type Concurrency,
  type ExternalToolDefinition,
  type SafetyLevel,
  type SubjectSource,
  type ToolContext,
  type ToolInput,
  type ToolSafety,
} from '@toolwright/core';
import { isExternalToolDefinition } from '@toolwright/core/internal';
import type { Schema, ToolExecuteFunction } from 'ai';

/** How an AI SDK tool runs behind a gate. */
export interface AiSdkToolOptions {
  /** What the tool may do. */
  readonly safety: SafetyLevel | ToolSafety;
  /** Parallel or exclusive; READ_ONLY defaults to PARALLEL, the others to EXCLUSIVE. */
  readonly concurrency?: Concurrency;
  /** The input field permission patterns are matched against. */
  readonly subject?: SubjectSource;
  /** The AI SDK tool's own `execute`. */
  readonly execute: ToolExecuteFunction<unknown, unknown>;
  /** The AI SDK tool's input schema: it parses the input as the tool expects it (a zod schema applies its defaults). */
  readonly inputSchema: Schema<unknown>;
}

/**
 * An AI SDK tool behind a gate (SPEC IN-1): its schemas are the checked copies of an
 * {@link ExternalToolDefinition} (only one made by `createExternalToolDefinition` is accepted),
 * and a call runs the tool's own `execute` with the gate's abort signal. What `execute` throws
 * becomes an error result; a text output is the content; any other output is the content as JSON
 * and is kept as `structured`.
 */
export class AiSdkTool extends AbstractTool {
  /** The checked definition this tool was made from. */
  readonly definition: ExternalToolDefinition;
  readonly #execute: ToolExecuteFunction<unknown, unknown>;
  readonly #schema: Schema<unknown>;

  constructor(definition: ExternalToolDefinition, options: AiSdkToolOptions) {
    if (!isExternalToolDefinition(definition)) {
      throw new ToolwrightError(
        'INVALID_TOOL_DEFINITION',
        'An AiSdkTool needs a definition made by createExternalToolDefinition, which checks its schemas.',
      );
    }
    super({
      name: definition.name,
      description: describe(definition),
      safety: options.safety,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.subject === undefined ? {} : { subject: options.subject }),
      inputSchema: definition.inputSchema,
      ...(definition.outputSchema === undefined ? {} : { outputSchema: definition.outputSchema }),
    });
    this.definition = definition;
    this.#execute = options.execute;
    this.#schema = options.inputSchema;
  }

  protected async run(input: ToolInput, context: ToolContext): Promise<ToolResult | string> {
    const parsed = await parseInput(this.#schema, input.toJSON());
    const output = await lastValue(
      this.#execute(parsed, {
        toolCallId: `toolwright-${globalThis.crypto.randomUUID()}`,
        messages: [],
        abortSignal: context.signal,
      }),
      context.signal,
    );
    if (typeof output === 'string') return output;
    if (output === undefined) return '';
    return ToolResult.ok(JSON.stringify(output) ?? String(output), { structured: output });
  }
}

/** The input as the tool's own schema parses it; a schema without a validator passes it as it is. */
async function parseInput(schema: Schema<unknown>, input: unknown): Promise<unknown> {
  if (schema.validate === undefined) return input;
  const result = await schema.validate(input);
  if (result.success) return result.value;
  throw new Error(`its input schema refused the arguments: ${result.error.message}`);
}

/**
 * The output of an `execute`: its value, or the last value it streamed (preliminary results come
 * first). A stream is read only while the call lasts: when the call is abandoned (the gate's time
 * limit, a cancellation) the stream is closed (`return()`), so nothing keeps reading it.
 */
async function lastValue(
  output: ReturnType<ToolExecuteFunction<unknown, unknown>>,
  signal: AbortSignal,
): Promise<unknown> {
  if (typeof output !== 'object' || output === null || !(Symbol.asyncIterator in output)) return await output;
  const iterator = (output as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  let stopped!: () => void;
  const abandoned = new Promise<typeof ABANDONED>((resolve) => (stopped = () => resolve(ABANDONED)));
  signal.addEventListener('abort', stopped, { once: true });
  let done = false;
  try {
    let last: unknown;
    for (;;) {
      if (signal.aborted) throw abandonedError(signal);
      const step = await Promise.race([iterator.next(), abandoned]);
      if (step === ABANDONED) throw abandonedError(signal);
      if (step.done === true) {
        done = true;
        return last;
      }
      last = step.value;
    }
  } catch (error) {
    // A stream that threw has ended by itself; only an abandoned one is still open.
    if (!(error instanceof AbandonedStream)) done = true;
    throw error;
  } finally {
    signal.removeEventListener('abort', stopped);
    if (!done) closeStream(iterator);
  }
}

const ABANDONED = Symbol('abandoned');

/** The call ended while the stream was still open. */
class AbandonedStream extends Error {}

function abandonedError(signal: AbortSignal): AbandonedStream {
  const reason: unknown = signal.reason;
  return new AbandonedStream(reason instanceof Error ? reason.message : 'the call was abandoned');
}

/** Asks a stream to end (its `finally` blocks run); what that throws or how long it takes is not the call's business. */
function closeStream(iterator: AsyncIterator<unknown>): void {
  try {
    void Promise.resolve(iterator.return?.()).catch(() => undefined);
  } catch {
    // A `return` that throws at once: the stream is left to end by itself.
  }
}

/** The definition's description, or — when the tool has none — something the model can go on. */
function describe(definition: ExternalToolDefinition): string {
  if (definition.description.trim() !== '') return definition.description;
  return `${definition.name} (a tool from ${definition.origin}; it gives no description).`;
}
