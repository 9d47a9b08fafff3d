// A real Mastra agent for tests: an Agent registered with a Mastra instance over an in-memory store
// (suspended runs keep their snapshots there), on a scripted model; and the snapshots of a run, to
// replay a run or edit what it resumes with.
import { Agent, type ToolsInput } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import type { ScriptedModel } from './scripted-model.js';

/** An agent with these tools on the scripted model, and the store its suspended runs are kept in. */
export function createAgent(scripted: ScriptedModel, tools: ToolsInput, storage = new InMemoryStore()) {
  const agent = new Agent({
    id: 'home',
    name: 'Home assistant',
    instructions: 'Help with the house.',
    model: scripted.model,
    tools,
  });
  new Mastra({ agents: { home: agent }, storage, logger: false });
  return { agent, storage };
}

/** Every workflow snapshot the store keeps for a run (the agent loop and its inner workflow), as JSON. */
export async function snapshotsOf(storage: InMemoryStore, runId: string): Promise<string> {
  const workflows = await storage.getStore('workflows');
  if (workflows === undefined) throw new Error('the store has no workflows domain');
  const { runs } = await workflows.listWorkflowRuns({});
  const kept = runs
    .filter((run) => run.runId === runId)
    .map((run) => ({ workflowName: run.workflowName, runId, snapshot: run.snapshot }));
  if (kept.length === 0) throw new Error(`the store keeps no snapshot of run ${runId}`);
  return JSON.stringify(kept);
}

/** Puts a run's snapshots (as {@link snapshotsOf} gave them, maybe edited) back into the store. */
export async function restoreSnapshots(storage: InMemoryStore, saved: string): Promise<void> {
  const workflows = await storage.getStore('workflows');
  if (workflows === undefined) throw new Error('the store has no workflows domain');
  for (const entry of JSON.parse(saved) as Parameters<typeof workflows.persistWorkflowSnapshot>[0][]) {
    await workflows.persistWorkflowSnapshot(entry);
  }
}
