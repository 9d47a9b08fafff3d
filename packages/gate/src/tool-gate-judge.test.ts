import { createToolUse, SafetyLevel, type ToolInput } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import type { ToolPolicy } from './policy/tool-policy.js';
import { ScriptedTool } from '../test/test-tools.js';
import type { AuditEvent } from './execution/audit-event.js';
import { ToolGate } from './tool-gate.js';

const command = (value: string) => createToolUse('c', 'Bash', { command: value });

function bashGate(options: { approver?: () => boolean; policies?: ToolPolicy[] } = {}) {
  const bash = new ScriptedTool(
    { name: 'Bash', safety: SafetyLevel.BASH, subject: { kind: 'COMMAND', parameter: 'command' } },
    (input: ToolInput) => `ran ${input.getString('command', '')}`,
  );
  const events: AuditEvent[] = [];
  const asked: string[] = [];
  const gate = new ToolGate({
    tools: [bash],
    permissions: { allow: ['Bash(git:*)'], ask: ['Bash(npm publish:*)'], deny: ['Bash(git push:*)'] },
    runOptions: { allowBash: true },
    onAudit: (event) => events.push(event),
    ...(options.policies === undefined ? {} : { policies: options.policies }),
    approver: (request) => {
      asked.push(String(request.subject?.value));
      return options.approver?.() ?? false;
    },
  });
  return { gate, bash, events, asked };
}

describe('ToolGate.judge and a per-call approver (hosts with an approval flow of their own)', () => {
  it('IN-1: judge says allow, ask or deny as execute would decide, asking nobody, running nothing, auditing nothing', async () => {
    const { gate, bash, events, asked } = bashGate();
    expect(await gate.judge(command('git status'))).toBe('allow');
    expect(await gate.judge(command('npm publish --tag next'))).toBe('ask');
    expect(await gate.judge(command('git push origin main'))).toBe('deny');
    expect(await gate.judge(command('rm -rf /'))).toBe('deny');
    expect(await gate.judge(command('git status; rm -rf /'))).toBe('deny');
    expect(await gate.judge(createToolUse('c', 'Nope', {}))).toBe('deny');
    expect(await gate.judge(createToolUse('c', 'Bash', { command: 'git log', big: 'x'.repeat(1_100_000) }))).toBe(
      'deny',
    );
    expect([bash.runs, events, asked]).toEqual([0, [], []]);
  });

  it('IN-1: judge applies the policies before the rules, like execute', async () => {
    const refuseAll: ToolPolicy = { name: 'closed', before: () => ({ allowed: false, reason: 'closed' }) };
    expect(await bashGate({ policies: [refuseAll] }).gate.judge(command('git status'))).toBe('deny');
    expect(await new ToolGate({ tools: bashGate().gate.registry }).judge(command('git status'))).toBe('deny');
  });

  it("IN-1: a per-call approver answers that call's ask rule instead of the gate's; other calls still go to the gate's", async () => {
    const { gate, bash, asked } = bashGate({ approver: () => false });
    expect(await gate.execute(command('npm publish --tag next'), { approver: () => true })).toMatchObject({
      isError: false,
      content: 'ran npm publish --tag next',
    });
    expect(asked).toEqual([]);
    expect(await gate.execute(command('npm publish --tag next'))).toMatchObject({
      isError: true,
      content: "Permission denied: the Bash command 'npm publish --tag next' was not approved (Bash(npm publish:*)).",
    });
    expect(asked).toEqual(['npm publish --tag next']);
    // A per-call approver cannot lift a deny rule.
    expect((await gate.execute(command('git push origin main'), { approver: () => true })).isError).toBe(true);
    expect(bash.runs).toBe(1);
  });
});
