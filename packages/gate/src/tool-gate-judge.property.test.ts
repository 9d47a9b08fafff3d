import { createToolUse, SafetyLevel, type ToolUse } from '@toolwright/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedTool } from '../test/test-tools.js';
import type { AuditEvent } from './execution/audit-event.js';
import type { PermissionConfig } from './permission/permission-config.js';
import type { ToolPolicy } from './policy/tool-policy.js';
import { ToolGate } from './tool-gate.js';

const RULES = [
  'Bash',
  'Bash(git:*)',
  'Bash(git push:*)',
  'Bash(npm publish:*)',
  'Bash(rm:*)',
  'Bash(ls)',
  'Open',
  'Open(/tmp/**)',
  'Open(/tmp/secret/**)',
  'Open(/etc/**)',
  'Open(/work/notes/**)',
  'Lookup',
];
const COMMANDS = [
  'git status',
  'git push origin main',
  'npm publish --tag next',
  'rm -rf /',
  'ls',
  'ls; rm x',
  'echo $(id)',
  '',
];
const PATHS = ['/tmp/a.txt', '/tmp/secret/key', '/etc/passwd', 'notes/today.md', '/tmp/../etc/shadow', '', '~/x'];
const STAGES_BEFORE_VALIDATION = new Set(['lookup', 'arguments', 'limits', 'policy', 'permission']);

const rules = fc.uniqueArray(fc.constantFrom(...RULES), { maxLength: 4 });
const permissions: fc.Arbitrary<PermissionConfig | undefined> = fc.option(
  fc.record({ allow: rules, ask: rules, deny: rules }),
  { nil: undefined },
);
const toolUse: fc.Arbitrary<ToolUse> = fc.oneof(
  fc.constantFrom(...COMMANDS).map((command) => createToolUse('c', 'Bash', { command })),
  fc.constantFrom(...PATHS).map((file_path) => createToolUse('c', 'Open', { file_path })),
  fc.constantFrom(...PATHS).map((file_path) => createToolUse('c', 'functions.Open', { file_path, extra: 1 })),
  fc.constantFrom('Lookup', 'Nope', 'bash').map((name) => createToolUse('c', name, { query: 'x' })),
  fc.jsonValue().map((input) => createToolUse('c', 'Bash', input)),
);
/** A policy that refuses the tools it names, answering now or later. */
const policies: fc.Arbitrary<ToolPolicy[]> = fc
  .uniqueArray(fc.constantFrom<string>('Bash', 'Open', 'Lookup'), { maxLength: 2 })
  .chain((refused) =>
    fc.boolean().map((later): ToolPolicy[] => [
      {
        name: 'closed-tools',
        before: (tool) => {
          const decision = refused.includes(tool.name) ? { allowed: false, reason: 'closed' } : { allowed: true };
          return later ? Promise.resolve(decision) : decision;
        },
      },
    ]),
  );

function tools() {
  return [
    new ScriptedTool({ name: 'Bash', safety: SafetyLevel.BASH, subject: { kind: 'COMMAND', parameter: 'command' } }),
    new ScriptedTool({ name: 'Open', subject: { kind: 'PATH', parameter: 'file_path' } }),
    new ScriptedTool({ name: 'Lookup' }),
  ];
}

/** What execute decided about permission: `ask` when its approver was asked, `deny` when a stage before validation refused. */
async function executeVerdict(
  options: { permissions?: PermissionConfig; policies: ToolPolicy[]; allowBash: boolean },
  use: ToolUse,
): Promise<'allow' | 'ask' | 'deny'> {
  const events: AuditEvent[] = [];
  let asked = false;
  const gate = new ToolGate({
    tools: tools(),
    ...(options.permissions === undefined ? {} : { permissions: options.permissions }),
    policies: options.policies,
    runOptions: { allowBash: options.allowBash },
    cwd: '/work',
    onAudit: (event) => events.push(event),
    approver: () => {
      asked = true;
      return false;
    },
  });
  await gate.execute(use);
  if (asked) return 'ask';
  const refused = events.some((event) => event.decision === 'deny' && STAGES_BEFORE_VALIDATION.has(event.stage));
  return refused ? 'deny' : 'allow';
}

describe('ToolGate.judge runs the stages execute runs', () => {
  it("ST-1: over random rule sets, policies and calls, judge's verdict is the permission outcome of execute", async () => {
    await fc.assert(
      fc.asyncProperty(permissions, policies, fc.boolean(), toolUse, async (rules, policyList, allowBash, use) => {
        const options = { ...(rules === undefined ? {} : { permissions: rules }), policies: policyList, allowBash };
        const judged = await new ToolGate({
          tools: tools(),
          ...options,
          runOptions: { allowBash },
          cwd: '/work',
          approver: () => true,
        }).judge(use);
        expect(judged).toBe(await executeVerdict(options, use));
      }),
      { numRuns: 400 },
    );
  });
});
