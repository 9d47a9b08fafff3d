// Small, real toolwright tools the integration tests put behind a gate.
import { AbstractTool, SafetyLevel, type ToolContext, type ToolInput } from '@toolwright/core';

/** A WRITE tool with an enum parameter `state` (so `stat` is a typo the gate can name); records its calls. */
export class LightTool extends AbstractTool {
  readonly calls: unknown[] = [];

  constructor() {
    super({
      name: 'set_light',
      description: 'Switches the light of a room on or off',
      safety: SafetyLevel.WRITE,
      inputSchema: {
        type: 'object',
        properties: {
          room: { type: 'string', description: 'The room' },
          state: { type: 'string', enum: ['on', 'off'], description: 'The new state' },
        },
        required: ['room', 'state'],
        additionalProperties: false,
      },
    });
  }

  protected run(input: ToolInput): string {
    this.calls.push(input.toJSON());
    return `The light in the ${input.getString('room', '?')} is ${input.getString('state', '?')}.`;
  }
}

/** A WRITE tool that would delete a file (it only records the call). */
export class DeleteFileTool extends AbstractTool {
  readonly calls: unknown[] = [];

  constructor() {
    super({
      name: 'delete_file',
      description: 'Deletes a file',
      safety: { level: SafetyLevel.WRITE, destructive: true },
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string', description: 'The file' } },
        required: ['path'],
        additionalProperties: false,
      },
    });
  }

  protected run(input: ToolInput): string {
    this.calls.push(input.toJSON());
    return 'deleted';
  }
}

/** A READ_ONLY tool that runs until its call is aborted; `started` resolves when it runs, `stopped` with the abort reason. */
export class WaitTool extends AbstractTool {
  readonly started: Promise<void>;
  readonly stopped: Promise<unknown>;
  #start!: () => void;
  #stop!: (reason: unknown) => void;

  constructor() {
    super({
      name: 'wait_for_stop',
      description: 'Waits until it is stopped',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
    this.started = new Promise((resolve) => (this.#start = resolve));
    this.stopped = new Promise((resolve) => (this.#stop = resolve));
  }

  protected run(_input: ToolInput, context: ToolContext): Promise<string> {
    this.#start();
    return new Promise((resolve) => {
      context.signal.addEventListener('abort', () => {
        this.#stop(context.signal.reason);
        resolve('stopped');
      });
    });
  }
}
