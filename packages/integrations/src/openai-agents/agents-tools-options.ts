import type { RunOptions } from '@toolwright/core';

/** How a gate's tools become OpenAI Agents SDK function tools. */
export interface AgentsToolsOptions {
  /** The working directory of every call. Default: the gate's. */
  readonly cwd?: string;
  /** Run options for every call (`allowWrite`, `allowBash`, `maxToolOutputChars`), over the gate's; they also decide which tools are offered. */
  readonly runOptions?: Partial<RunOptions>;
  /**
   * Who answers `ask` rules. `'openai-agents'` (default): the call needs the SDK's approval
   * (`needsApproval`), so the run stops with an interruption (`result.interruptions`) until the
   * host calls `result.state.approve(item)` or `.reject(item)` and runs the state again.
   * `'gate'`: the gate's own `approver` decides while the call runs (without one, ask denies).
   */
  readonly askVia?: 'openai-agents' | 'gate';
  /**
   * `'auto'` (default): a tool whose input schema has a faithful OpenAI strict form is offered
   * with `strict: true` and that form (optional fields required and nullable; the model's `null`
   * reaches the tool as absent); any other tool with `strict: false` and its plain schema.
   * `false`: every tool with `strict: false` and its plain schema.
   */
  readonly strict?: 'auto' | false;
}
