import { LocalShell } from '@toolwright/shell';
import { createBashTools, createFileTools } from '@toolwright/tools';
import { describe, expect, it } from 'vitest';

const bash = createBashTools(new LocalShell());
const tools = [...createFileTools(), ...bash.tools];
const session = bash.session;

describe('built-in tools', () => {
  it('TC-5: every built-in tool says additionalProperties: false at the top of its schema', () => {
    expect(tools.length).toBeGreaterThan(0);
    const open = tools.filter((tool) => tool.inputSchema.additionalProperties !== false).map((tool) => tool.name);
    expect(open).toEqual([]);
    void session?.dispose();
  });

  it('TC-10: every built-in tool declares its safety and concurrency', () => {
    expect(tools.map((tool) => [tool.name, tool.safety.level, tool.concurrency])).toEqual([
      ['Read', 'READ_ONLY', 'PARALLEL'],
      ['Write', 'WRITE', 'EXCLUSIVE'],
      ['Edit', 'WRITE', 'EXCLUSIVE'],
      ['Ls', 'READ_ONLY', 'PARALLEL'],
      ['Glob', 'READ_ONLY', 'PARALLEL'],
      ['Grep', 'READ_ONLY', 'PARALLEL'],
      ['Bash', 'BASH', 'EXCLUSIVE'],
      ['BashOutput', 'READ_ONLY', 'PARALLEL'],
      ['KillShell', 'BASH', 'EXCLUSIVE'],
    ]);
  });
});
