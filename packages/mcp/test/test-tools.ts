// Small real tools for the in-process MCP tests.
import { GenericTool, SafetyLevel, ToolParam, Type } from '@toolwright/core';

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
