// Small real tools for the in-process MCP tests.
import {
  AbstractTool,
  GenericTool,
  SafetyLevel,
  ToolParam,
  Type,
  type ToolContext,
  type ToolInput,
} from '@toolwright/core';

export class EchoInput {
  @ToolParam({ description: 'What to say back', schema: Type.String() })
  text!: string;

  @ToolParam({ description: 'How often', schema: Type.Integer(), optional: true })
  times?: number;
}

/** A READ_ONLY tool that repeats its text. */
export class EchoTool extends GenericTool<EchoInput, string> {
  constructor() {
    super({ name: 'echo', description: 'Says the text back', safety: SafetyLevel.READ_ONLY, input: EchoInput });
  }

  protected doExecute(input: EchoInput): string {
    return Array.from({ length: input.times ?? 1 }, () => input.text).join(' ');
  }

  protected render(output: string): string {
    return output;
  }
}

/** A READ_ONLY tool that keeps the text of every call it ran, so a test can see that a refused request ran nothing. */
export class TallyTool extends GenericTool<EchoInput, string> {
  readonly calls: string[] = [];

  constructor() {
    super({ name: 'tally', description: 'Counts its calls', safety: SafetyLevel.READ_ONLY, input: EchoInput });
  }

  protected doExecute(input: EchoInput): string {
    this.calls.push(input.text);
    return `call ${this.calls.length}`;
  }

  protected render(output: string): string {
    return output;
  }
}

/** A tool that reports three steps of progress and logs at two levels, then answers. */
export class StepsTool extends AbstractTool {
  constructor() {
    super({
      name: 'steps',
      description: 'Takes three steps',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  }
  protected run(_input: unknown, context: ToolContext): string {
    for (const step of [1, 2, 3]) context.progress({ progress: step, total: 3, message: `step ${step}` });
    context.logger.debug('looked around');
    context.logger.warn('the last step was steep', { metres: 12 });
    return 'three steps';
  }
}

/** A tool that runs until its call's signal aborts; `started` and `aborted` say how far it got. */
export class WaitTool extends AbstractTool {
  started = 0;
  aborted = 0;
  constructor() {
    super({
      name: 'wait',
      description: 'Waits until stopped',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  }
  protected run(_input: unknown, context: ToolContext): Promise<string> {
    this.started++;
    return new Promise((resolve) =>
      context.signal.addEventListener('abort', () => {
        this.aborted++;
        resolve('stopped');
      }),
    );
  }
}

/** A tool an ask rule guards in the tests of asking the client's user: it records each input it ran with. */
export class DeployTool extends AbstractTool {
  runs: unknown[] = [];
  constructor() {
    super({
      name: 'deploy',
      description: 'Deploys a service',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: { service: { type: 'string' } }, additionalProperties: false },
    });
  }
  protected run(input: ToolInput): string {
    this.runs.push(input.toJSON());
    return `deployed ${String(input.get('service'))}`;
  }
}
