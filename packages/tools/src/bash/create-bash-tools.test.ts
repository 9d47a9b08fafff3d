import { createToolUse } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { LocalShell } from '@toolwright/shell';
import { afterAll, describe, expect, it } from 'vitest';
import { createFileTools } from '../file/create-file-tools.js';
import { createBashTools } from './create-bash-tools.js';

const local = createBashTools(new LocalShell());
afterAll(() => local.session?.dispose());

const BASH_TOOLS = ['Bash', 'BashOutput', 'KillShell'];
const FILE_TOOLS = ['Read', 'Write', 'Edit', 'Ls', 'Glob', 'Grep'];

/** A gate over the file tools and the Bash tools, as `toolwright serve builtin` makes it. */
function gate(allowBash: boolean): ToolGate {
  return new ToolGate({
    tools: [...createFileTools(), ...local.tools],
    runOptions: { allowWrite: true, allowBash },
    cwd: '/tmp',
  });
}

const calls: ReadonlyArray<[name: string, input: Record<string, unknown>]> = [
  ['Bash', { command: 'echo hi' }],
  ['BashOutput', { bash_id: 'bash_1' }],
  ['KillShell', { shell_id: 'bash_1' }],
  ['functions.BashOutput', { bash_id: 'bash_9' }],
  ['functions.KillShell', { shell_id: 'bash_9' }],
];

describe('createBashTools', () => {
  it('BT-1/BT-2: without a shell there is no Bash, and no BashOutput or KillShell either', () => {
    expect(createBashTools(undefined)).toEqual({ tools: [], session: undefined });
  });

  it('BT-2: BashOutput and KillShell are BASH tools like Bash: each needs allowBash', () => {
    expect(local.tools.map((tool) => [tool.name, tool.safety.level])).toEqual(BASH_TOOLS.map((name) => [name, 'BASH']));
  });

  it('BT-2: without allowBash the gate offers none of Bash, BashOutput and KillShell; with it, all three', () => {
    expect(
      gate(false)
        .offeredTools()
        .map((tool) => tool.name),
    ).toEqual(FILE_TOOLS);
    expect(
      gate(true)
        .offeredTools()
        .map((tool) => tool.name),
    ).toEqual([...FILE_TOOLS, ...BASH_TOOLS]);
    // Run options given per call decide the offer the same way.
    expect(
      gate(true)
        .offeredTools({ allowBash: false })
        .map((tool) => tool.name),
    ).toEqual(FILE_TOOLS);
    expect(
      gate(false)
        .offeredTools({ allowBash: true })
        .map((tool) => tool.name),
    ).toEqual([...FILE_TOOLS, ...BASH_TOOLS]);
  });

  it('BT-2: without allowBash a call to BashOutput or KillShell is refused as a call to Bash is', async () => {
    const refusing = gate(false);
    for (const [name, input] of calls) {
      const result = await refusing.execute(createToolUse(`call-${name}`, name, input));
      expect(result, name).toMatchObject({
        isError: true,
        content: `tool requires allowBash=true: ${name.replace('functions.', '')}`,
        metadata: { policyDenied: true },
      });
    }
  });

  it('BT-2: with allowBash, BashOutput and KillShell run (an unknown id is their own answer)', async () => {
    const allowing = gate(true);
    for (const [name, input] of calls.slice(1)) {
      const result = await allowing.execute(createToolUse(`call-${name}`, name, input));
      expect(result, name).toMatchObject({
        isError: true,
        content: `No background shell has the id '${String(Object.values(input)[0])}'. None was started.`,
      });
      expect(result.metadata.policyDenied, name).toBeUndefined();
    }
  });
});

describe('createBashTools with options: a LocalShell in its sandbox (SB-4)', () => {
  const sandbox = new LocalShell().sandbox;

  it('SB-4: { sandbox } makes the tools on a LocalShell that names its sandbox in every result', async () => {
    const bash = createBashTools({ sandbox: 'auto' });
    try {
      const gate = new ToolGate({ tools: bash.tools, runOptions: { allowBash: true }, cwd: '/tmp' });
      const result = await gate.execute(createToolUse('call_1', 'Bash', { command: 'true' }));
      expect(result.metadata.sandbox).toBe(sandbox);
    } finally {
      await bash.session?.dispose();
    }
  });

  it("SB-4: { sandbox: 'off' } says none", async () => {
    const bash = createBashTools({ sandbox: 'off' });
    try {
      const gate = new ToolGate({ tools: bash.tools, runOptions: { allowBash: true }, cwd: '/tmp' });
      const result = await gate.execute(createToolUse('call_1', 'Bash', { command: 'true' }));
      expect(result.metadata.sandbox).toBe('none');
    } finally {
      await bash.session?.dispose();
    }
  });

  it('SB-4: an unknown option or sandbox value is an error, never ignored', () => {
    expect(() => createBashTools({ sandbx: 'required' } as never)).toThrow(
      'createBashTools has no option "sandbx"; its options are sandbox',
    );
    expect(() => createBashTools({ sandbox: 'strict' as never })).toThrow(
      `sandbox must be 'auto', 'required', 'off' or a policy object, not "strict"`,
    );
  });
});
