// Every call ends with one typed outcome (SPEC ST-1): on the audit event that ends it, set by the
// stage that ended it — whatever path the call took.
import { createToolUse, ToolResult, type ToolUse } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { commandTool } from '../test/test-tools.js';
import type { AuditEvent } from './execution/audit-event.js';
import type { CallOutcome } from './execution/call-outcome.js';
import type { ToolGateOptions } from './execution/gate-options.js';
import { ToolGate } from './tool-gate.js';

const SECRET = 'x'.repeat(32);
const never = () => new Promise<string>(() => undefined);
const typed = (behaviour?: Parameters<typeof commandTool>[1]) => commandTool('run', behaviour);
const call = (input: unknown, name = 'run'): ToolUse => createToolUse('c', name, input);
const BASH = { runOptions: { allowBash: true } };

const cases: [string, Partial<ToolGateOptions>, ToolUse, CallOutcome][] = [
  [
    'an unknown tool',
    BASH,
    call({ command: 'ls' }, 'rnu'),
    {
      kind: 'refused',
      stage: 'lookup',
      reason: "Unknown tool 'rnu'. Did you mean 'run'? Available tools: run.",
    },
  ],
  [
    'arguments that are not an object',
    BASH,
    call([1, 2]),
    {
      kind: 'refused',
      stage: 'arguments',
      reason: "Arguments for tool 'run' must be a JSON object, but were an array.",
    },
  ],
  [
    'arguments past the depth cap',
    BASH,
    call({ command: JSON.parse(`${'['.repeat(200)}${']'.repeat(200)}`) as unknown }),
    {
      kind: 'refused',
      stage: 'limits',
      reason: 'The arguments are nested 201 levels deep; at most 64 are accepted. The tool was not executed.',
    },
  ],
  [
    'a policy',
    { runOptions: { allowBash: false } },
    call({ command: 'ls' }),
    {
      kind: 'refused',
      stage: 'policy',
      rule: 'safety',
      reason: 'tool requires allowBash=true: run',
    },
  ],
  [
    'a deny rule',
    { ...BASH, permissions: { allow: ['run'], deny: ['run(rm:*)'] } },
    call({ command: 'rm -rf /' }),
    {
      kind: 'refused',
      stage: 'permission',
      rule: 'run(rm:*)',
      reason: "Permission denied: the run command 'rm -rf /' matches the deny rule run(rm:*).",
    },
  ],
  [
    'schema validation (ENFORCE)',
    { ...BASH, schemaValidation: 'ENFORCE' },
    call({ command: 'ls', comand: 'ls' }),
    {
      kind: 'refused',
      stage: 'validation',
      reason: "Unknown parameter 'comand'. The tool was not executed.",
    },
  ],
  ['a run', BASH, call({ command: 'ls' }), { kind: 'ran' }],
  [
    "the tool's error",
    { tools: [typed(() => ToolResult.error('no such file'))], ...BASH },
    call({ command: 'ls' }),
    { kind: 'failed', by: 'tool' },
  ],
  [
    'a tool that throws',
    {
      tools: [
        typed(() => {
          throw new Error('disk full');
        }),
      ],
      ...BASH,
    },
    call({ command: 'ls' }),
    { kind: 'failed', by: 'tool' },
  ],
  [
    'the gate timeout',
    { tools: [typed(never)], timeoutMs: 20, ...BASH },
    call({ command: 'ls' }),
    { kind: 'timed-out' },
  ],
  [
    "the tool's own timeout",
    { tools: [typed(() => ToolResult.error('the command timed out', { metadata: { timedOut: true } }))], ...BASH },
    call({ command: 'ls' }),
    { kind: 'timed-out' },
  ],
  [
    'a policy that rewrites the result into an error',
    {
      ...BASH,
      policies: [{ name: 'redact', after: () => ToolResult.error('withheld') }],
    },
    call({ command: 'ls' }),
    { kind: 'failed', by: 'tool' },
  ],
  [
    'a gate failure',
    {
      ...BASH,
      policies: [
        {
          name: 'broken',
          before: () => {
            throw new Error('the broken policy could not decide');
          },
        },
      ],
    },
    call({ command: 'ls' }),
    { kind: 'failed', by: 'gate', reason: 'gate failure: the broken policy could not decide' },
  ],
];

function gateWith(options: Partial<ToolGateOptions>): { gate: ToolGate; events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  const gate = new ToolGate({ tools: [typed()], ...options, onAudit: (event) => events.push(event) });
  return { gate, events };
}

describe('ToolGate: one typed outcome per call', () => {
  it.each(cases)(
    'ST-1: %s ends the call with its outcome, on the one event that ends it',
    async (_l, options, use, outcome) => {
      const { gate, events } = gateWith(options);
      await gate.execute(use);
      const ending = events.filter((event) => event.outcome !== undefined);
      expect(ending.map((event) => event.outcome)).toEqual([outcome]);
      // The event that ends the call is its last but for the sandbox's (which never carries one).
      expect(events.at(-1)?.outcome).toEqual(outcome);
    },
  );

  it('ST-1: a call held for approval is refused at the permission stage with the pending approval', async () => {
    const { gate, events } = gateWith({ ...BASH, permissions: { ask: ['run'] }, approvals: { secret: SECRET } });
    const result = await gate.execute(call({ command: 'ls' }));
    const outcome = events.at(-1)?.outcome;
    expect(outcome).toMatchObject({ kind: 'refused', stage: 'permission', rule: 'run' });
    expect(outcome?.kind === 'refused' && outcome.pending).toEqual(result.metadata.pendingApproval);
    expect(events.at(-1)?.decision).toBe('pending');
  });

  it('ST-1: a call the host cancels is aborted', async () => {
    const { gate, events } = gateWith({ tools: [typed(never)], ...BASH });
    const controller = new AbortController();
    const running = gate.execute(call({ command: 'ls' }), { signal: controller.signal });
    controller.abort();
    expect((await running).metadata.cancelled).toBe(true);
    expect(events.at(-1)?.outcome).toEqual({ kind: 'aborted' });
  });
});
