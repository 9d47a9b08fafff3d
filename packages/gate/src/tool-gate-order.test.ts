// SPEC §2 as a fact a test can check: the gate's stages run in one order — lookup → arguments →
// limits → policies' before → permission → validation → execution → policies' after → output
// limit → audit. Each case below makes several stages refuse at once and checks which one
// answers, so swapping any two neighbouring stages changes an outcome; a trace of what each stage
// saw pins the rest.
import { createToolUse, parseToolUse, ToolResult, type ToolInput } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import type { ToolPolicy } from './policy/tool-policy.js';
import { SearchTool } from '../test/test-tools.js';
import type { AuditEvent } from './execution/audit-event.js';
import { GATE_STAGES } from './stages/stage-list.js';
import { ToolGate } from './tool-gate.js';

const OVERSIZED = 'x'.repeat(1_100_000);

function tracedGate(trace: string[], events: AuditEvent[], afterText?: (result: ToolResult) => string) {
  const search = new SearchTool();
  const policy: ToolPolicy = {
    name: 'house',
    before: (_tool, input: ToolInput) => {
      trace.push('policy.before');
      return input.get('refuse-in-policy') === true
        ? { allowed: false, reason: 'refused by the house policy' }
        : { allowed: true };
    },
    after: (_tool, _input, result) => {
      trace.push(`policy.after saw ${result.content.length} characters`);
      return afterText === undefined ? result : ToolResult.ok(afterText(result));
    },
  };
  const gate = new ToolGate({
    tools: [search],
    policies: [policy],
    permissions: { allow: ['search'], ask: ['search'] },
    approver: ({ input }) => {
      trace.push('permission');
      return input.get('refuse-in-permission') !== true;
    },
    schemaValidation: 'ENFORCE',
    runOptions: { maxToolOutputChars: 400 },
    onAudit: (event) => {
      trace.push(`audit ${event.stage} ${event.decision}`);
      events.push(event);
    },
  });
  return { gate, search };
}

describe('the order of the gate stages (SPEC §2)', () => {
  it('SPEC §2: the gate is this ordered list of stages, shared by every call', () => {
    expect(GATE_STAGES.map((stage) => stage.name)).toEqual([
      'lookup',
      'arguments',
      'limits',
      'policies before',
      'permission',
      'validation',
      'execution',
      'policies after',
      'output check',
      'output limit',
      'audit',
    ]);
    expect(Object.isFrozen(GATE_STAGES)).toBe(true);
  });

  // Every stage that can refuse, with an input that makes it and every later one refuse.
  const everything = { 'refuse-in-policy': true, 'refuse-in-permission': true, unknown_field: 1 };
  const cases: ReadonlyArray<[stage: string, tool: string, input: unknown, answer: RegExp]> = [
    ['lookup', 'no-such-tool', { ...everything, query: OVERSIZED }, /^Unknown tool 'no-such-tool'/],
    ['arguments', 'search', '{"query": unreadable', /^Arguments for tool 'search' are not valid JSON/],
    ['limits', 'search', { ...everything, query: OVERSIZED }, /^The arguments are 1100\d+ bytes of JSON/],
    ['policy', 'search', everything, /^refused by the house policy$/],
    [
      'permission',
      'search',
      { ...everything, 'refuse-in-policy': false },
      /^Permission denied: this search call was not approved/,
    ],
    ['validation', 'search', { 'refuse-in-permission': false, unknown_field: 1 }, /^Parameter 'query' is required/m],
  ];
  for (const [stage, tool, input, answer] of cases) {
    it(`SPEC §2: when ${stage} and every later stage would refuse, ${stage} answers and nothing after it runs`, async () => {
      const trace: string[] = [];
      const events: AuditEvent[] = [];
      const { gate, search } = tracedGate(trace, events);
      const use = typeof input === 'string' ? parseToolUse('c', tool, input) : createToolUse('c', tool, input);
      const result = await gate.execute(use);
      expect(result.isError).toBe(true);
      expect(result.content).toMatch(answer);
      expect(search.runs).toBe(0);
      expect(events.map((event) => `${event.stage} ${event.decision}`)).toEqual(
        stage === 'validation' ? ['permission allow', 'validation deny'] : [`${stage} deny`],
      );
      const ran = ['policy.before', 'permission'];
      const before = { lookup: 0, arguments: 0, limits: 0, policy: 1, permission: 2, validation: 2 }[stage] ?? 0;
      expect(trace.filter((step) => ran.includes(step))).toEqual(ran.slice(0, before));
    });
  }

  it('SPEC §2: an allowed call runs policy.before, permission, validation, execution, policy.after, the output limit, then audit', async () => {
    const trace: string[] = [];
    const events: AuditEvent[] = [];
    const { gate, search } = tracedGate(trace, events, (result) => `${result.content} ${'+'.repeat(500)}`);
    const result = await gate.execute(createToolUse('c', 'search', { query: 'q'.repeat(500) }));
    expect(search.runs).toBe(1);
    expect(trace).toEqual([
      'policy.before',
      'permission',
      'audit permission allow',
      // `after` sees the tool's whole result; the output limit cuts what `after` returned.
      'policy.after saw 511 characters',
      'audit execution ok',
    ]);
    expect(result.metadata.truncated).toBe(true);
    expect(result.metadata.originalLength).toBe(1_012);
    expect(result.content.length).toBeLessThanOrEqual(400);
    expect(result.content.startsWith('q'.repeat(200))).toBe(true);
  });
});
