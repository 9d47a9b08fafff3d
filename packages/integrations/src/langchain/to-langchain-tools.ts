import type { RunOptions } from '@toolwright/core';
import type { ToolGate } from '@toolwright/gate';
import { GateStructuredTool } from './gate-structured-tool.js';

/** How a gate's tools become LangChain tools. */
export interface LangChainToolsOptions {
  /** The working directory of every call. Default: the gate's. */
  readonly cwd?: string;
  /** Run options for every call (`allowWrite`, `allowBash`, `maxToolOutputChars`), over the gate's; they also decide which tools are offered. */
  readonly runOptions?: Partial<RunOptions>;
  /**
   * Who answers `ask` rules. `'langchain'` (default): inside a LangGraph run (`createAgent`, a
   * `ToolNode`, any graph with a checkpointer), a call an `ask` rule matches interrupts the graph with
   * a `humanInTheLoopMiddleware`-shaped request, and the user's answer resumes it
   * (`new Command({ resume: { decisions: [{ type: 'approve' }] } })`); outside a graph the gate's own
   * approver answers. `'gate'`: the gate's own `approver` always decides while the call runs (without
   * one, ask denies).
   */
  readonly askVia?: 'langchain' | 'gate';
}

/**
 * The tools a gate offers under `options.runOptions`, as LangChain structured tools (pass them to
 * `createAgent`, a `ToolNode` or `model.bindTools`). Each keeps its name, description and JSON Schema
 * and runs every call through `gate.execute` with the tool call id and the run's abort signal, so
 * permissions, validation sentences, policies, timeouts, the output limit and the audit apply.
 */
export function toLangChainTools(gate: ToolGate, options: LangChainToolsOptions = {}): GateStructuredTool[] {
  const settings = {
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.runOptions === undefined ? {} : { runOptions: options.runOptions }),
    askVia: options.askVia ?? 'langchain',
  };
  return gate.offeredTools(options.runOptions).map((offered) => new GateStructuredTool(gate, offered, settings));
}
