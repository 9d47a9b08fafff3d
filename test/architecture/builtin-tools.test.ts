import { LocalShell } from '@toolwright/shell';
import { createBashTools, createFileTools } from '@toolwright/tools';
import { afterAll, describe, expect, it } from 'vitest';

const bash = createBashTools(new LocalShell());
const tools = [...createFileTools(), ...bash.tools];
afterAll(() => bash.session?.dispose());

describe('built-in tools', () => {
  it('TC-5: every built-in tool says additionalProperties: false at the top of its schema', () => {
    // Named one by one, so that a tool missing from the list (no shell, say) fails instead of passing unchecked.
    expect(tools.map((tool) => [tool.name, tool.inputSchema.additionalProperties])).toEqual([
      ['Read', false],
      ['Write', false],
      ['Edit', false],
      ['Ls', false],
      ['Glob', false],
      ['Grep', false],
      ['Bash', false],
      ['BashOutput', false],
      ['KillShell', false],
    ]);
  });

  it('TC-10: every built-in tool declares its safety and concurrency', () => {
    // Write and Edit run beside calls on other files; their resource keys order calls on the same file (PO-6).
    expect(tools.map((tool) => [tool.name, tool.safety.level, tool.concurrency])).toEqual([
      ['Read', 'READ_ONLY', 'PARALLEL'],
      ['Write', 'WRITE', 'PARALLEL'],
      ['Edit', 'WRITE', 'PARALLEL'],
      ['Ls', 'READ_ONLY', 'PARALLEL'],
      ['Glob', 'READ_ONLY', 'PARALLEL'],
      ['Grep', 'READ_ONLY', 'PARALLEL'],
      ['Bash', 'BASH', 'EXCLUSIVE'],
      ['BashOutput', 'BASH', 'PARALLEL'],
      ['KillShell', 'BASH', 'EXCLUSIVE'],
    ]);
  });
});
