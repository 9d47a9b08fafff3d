import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolUse, type ToolInput, type ToolLogger } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { commandTool, ScriptedTool } from '../test/test-tools.js';
import type { AuditEvent } from './execution/audit-event.js';
import type { ToolGateOptions } from './execution/gate-options.js';
import type { AddedRule, ApprovalAnswer, ApprovalRequest } from './permission/permission-config.js';
import { ToolGate } from './tool-gate.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-rich-approval-')));
writeFileSync(join(root, 'notes.txt'), 'notes');
writeFileSync(join(root, 'other.txt'), 'other');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A gate with a Bash-like tool and a file reader, an approver that answers from a script, and everything it records. */
function setUp(answer: (request: ApprovalRequest) => unknown, options: Partial<ToolGateOptions> = {}) {
  const ran: string[] = [];
  const asked: ApprovalRequest[] = [];
  const events: AuditEvent[] = [];
  const added: AddedRule[] = [];
  const warnings: string[] = [];
  const bash = commandTool('Bash', (input: ToolInput) => {
    ran.push(input.getString('command', ''));
    return `ran ${input.getString('command', '')}`;
  });
  const read = new ScriptedTool(
    {
      name: 'Read',
      subject: { kind: 'PATH', parameter: 'file_path' },
      inputSchema: {
        type: 'object',
        properties: { file_path: { type: 'string' } },
        required: ['file_path'],
        additionalProperties: false,
      },
    },
    (input: ToolInput) => `read ${input.getString('file_path', '')}`,
  );
  const logger: ToolLogger = {
    debug() {},
    info() {},
    warn: (message) => warnings.push(message),
    error() {},
  };
  const gate = new ToolGate({
    tools: [bash, read],
    permissions: {
      allow: ['Bash(git status)', 'Bash(git log:*)'],
      ask: ['Bash(git push:*)', `Read(//${root.slice(1)}/**)`],
      deny: ['Bash(git push --force:*)', 'Bash(rm:*)'],
    },
    runOptions: { allowBash: true },
    schemaValidation: 'ENFORCE' as ToolGateOptions['schemaValidation'],
    approver: (request) => {
      asked.push(request);
      return answer(request) as ApprovalAnswer;
    },
    onAudit: (event) => events.push(event),
    onRuleAdded: (rule) => added.push(rule),
    logger,
    ...options,
  });
  const bashCall = (command: string, id = 'call_1') => gate.execute(createToolUse(id, 'Bash', { command }));
  return { gate, bash, read, ran, asked, events, added, warnings, bashCall };
}

const decisions = (events: readonly AuditEvent[]) => events.map((event) => `${event.stage}:${event.decision}`);

describe('rich approvals (SPEC RU-4): deny with a message', () => {
  it('RU-4: the approver’s reason is what the model reads, on one line, and nothing runs', async () => {
    const { bashCall, ran } = setUp(() => ({ approved: false, reason: 'Push to a\nbranch of your own first.' }));
    expect((await bashCall('git push origin main')).content).toBe(
      "Permission denied: the Bash command 'git push origin main' was not approved (Bash(git push:*)): Push to a\\nbranch of your own first.",
    );
    expect(ran).toEqual([]);
  });
});

describe('rich approvals (SPEC RU-4): approve with edited input', () => {
  it('RU-4: the edited call runs in the original’s place, judged again — the ask it meets is answered by the edit, once', async () => {
    const { bashCall, ran, asked, events } = setUp(() => ({
      approved: true,
      input: { command: 'git push --dry-run origin main' },
    }));
    const result = await bashCall('git push origin main');
    expect(result).toMatchObject({ isError: false, content: 'ran git push --dry-run origin main' });
    expect(ran).toEqual(['git push --dry-run origin main']);
    expect(asked.map((request) => request.input.toJSON())).toEqual([{ command: 'git push origin main' }]);
    expect(decisions(events)).toEqual(['approval:edit', 'permission:allow', 'execution:ok']);
    expect(events[0]).toMatchObject({
      callId: 'call_1',
      rule: 'Bash(git push:*)',
      reason:
        "the Bash command 'git push origin main' was approved with edited input (Bash(git push:*)): the edited call is judged again.",
    });
    expect(events[1]).toMatchObject({
      callId: 'call_1',
      rule: 'Bash(git push:*)',
      reason: 'Approved under Bash(git push:*).',
    });
  });

  it('RU-4: an edit is never trusted — a deny rule, a command no rule covers, a compound, a schema violation each refuse it', async () => {
    const cases: [string, unknown, string][] = [
      [
        'a deny rule',
        { command: 'rm -rf /' },
        "Permission denied: the Bash command 'rm -rf /' matches the deny rule Bash(rm:*).",
      ],
      [
        'a deny rule the ask rule also matches',
        { command: 'git push --force origin main' },
        "Permission denied: the Bash command 'git push --force origin main' matches the deny rule Bash(git push --force:*).",
      ],
      [
        'no rule',
        { command: 'curl https://example.com' },
        "Permission denied: the Bash command 'curl https://example.com' matches no allow rule (Bash(git status), Bash(git log:*)).",
      ],
      [
        'a compound with a denied part',
        { command: 'git push origin main && rm -rf ~' },
        "Permission denied: the Bash command 'git push origin main && rm -rf ~': its command 'rm -rf ~' matches the deny rule Bash(rm:*).",
      ],
    ];
    for (const [what, input, sentence] of cases) {
      const { bashCall, ran } = setUp(() => ({ approved: true, input }));
      expect((await bashCall('git push origin main')).content, what).toBe(sentence);
      expect(ran, what).toEqual([]);
    }
    const { bashCall, ran } = setUp(() => ({ approved: true, input: { comand: 'git status' } }));
    const typo = await bashCall('git push origin main');
    expect(typo.isError).toBe(true);
    expect(typo.content).toContain("Unknown parameter 'comand'. Did you mean 'command'?");
    expect(ran).toEqual([]);
  });

  it('RU-4: an edit that a further ask rule matches is not put to the approver again (it cannot be edited twice)', async () => {
    let answers = 0;
    const { bashCall, ran, asked } = setUp(() => {
      answers++;
      return { approved: true, input: { command: `git push origin edit-${answers}` } };
    });
    expect((await bashCall('git push origin main')).content).toBe('ran git push origin edit-1');
    expect(asked).toHaveLength(1);
    expect(ran).toEqual(['git push origin edit-1']);
  });

  it('RU-4: an answer the gate cannot use refuses the call, saying why — nothing runs as it was sent', async () => {
    const prefix =
      "Permission denied: the Bash command 'git push origin main' was approved (Bash(git push:*)), but the approver's answer cannot be used: ";
    const cases: [unknown, string][] = [
      [{ approved: true, input: 'git push --dry-run' }, 'the edited input is not a JSON object.'],
      [{ approved: true, input: [] }, 'the edited input is not a JSON object.'],
      [{ approved: true, inptu: { command: 'git status' } }, "it has a key an approval does not have ('inptu')."],
      [
        { approved: true, input: { command: 'git status' }, always: true },
        'it both edits the input and adds a rule; an approval does one or the other.',
      ],
      [{ approved: true, always: '' }, "'always' is neither true nor a rule."],
      [{ approved: true, always: 1 }, "'always' is neither true nor a rule."],
    ];
    for (const [answer, end] of cases) {
      const { bashCall, ran, added } = setUp(() => answer);
      expect((await bashCall('git push origin main')).content, JSON.stringify(answer)).toBe(prefix + end);
      expect(ran).toEqual([]);
      expect(added).toEqual([]);
    }
  });

  it('RU-4: authorize answers with the edited input, judged again, and runs nothing', async () => {
    const { gate, ran } = setUp(() => ({ approved: true, input: { command: 'git push --dry-run' } }));
    expect(await gate.authorize(createToolUse('c1', 'Bash', { command: 'git push' }))).toEqual({
      allowed: true,
      input: { command: 'git push --dry-run' },
      rule: 'Bash(git push:*)',
      reason: 'Approved under Bash(git push:*).',
    });
    expect(await gate.authorize(createToolUse('c2', 'Bash', { command: 'git status' }))).toEqual({
      allowed: true,
      input: { command: 'git status' },
      rule: 'Bash(git status)',
      reason: 'Allowed by Bash(git status).',
    });
    expect(await gate.authorize(createToolUse('c3', 'Bash', { command: 'rm x' }))).toEqual({
      allowed: false,
      rule: 'Bash(rm:*)',
      reason: "Permission denied: the Bash command 'rm x' matches the deny rule Bash(rm:*).",
    });
    const unknown = await gate.authorize(createToolUse('c4', 'Bsh', { command: 'ls' }));
    expect(unknown.allowed).toBe(false);
    expect(unknown.reason).toContain("Unknown tool 'Bsh'");
    expect(ran).toEqual([]);
  });
});

describe('rich approvals (SPEC RU-4): always', () => {
  it('RU-4: "always" adds the ask rule as one that allows what it matches, for this gate only; audited and handed to onRuleAdded', async () => {
    const { gate, bashCall, ran, asked, events, added } = setUp(() => ({ approved: true, always: true }));
    expect((await bashCall('git push origin main', 'call_1')).content).toBe('ran git push origin main');
    expect(added).toEqual([{ rule: 'Bash(git push:*)', askRule: 'Bash(git push:*)', tool: 'Bash', callId: 'call_1' }]);
    expect(decisions(events)).toEqual(['approval:always', 'permission:allow', 'execution:ok']);
    expect(events[1]!.reason).toBe(
      'Approved under Bash(git push:*), always: Bash(git push:*) now allows calls like it.',
    );

    events.length = 0;
    expect((await bashCall('git push origin dev', 'call_2')).content).toBe('ran git push origin dev');
    expect(asked).toHaveLength(1);
    expect(events[0]).toMatchObject({
      stage: 'permission',
      decision: 'allow',
      rule: 'Bash(git push:*)',
      reason: 'Allowed by Bash(git push:*).',
    });
    expect(await gate.judge(createToolUse('j', 'Bash', { command: 'git push' }))).toBe('allow');
    // Deny rules still win; a compound still needs every part allowed.
    expect((await bashCall('git push --force origin main', 'call_3')).content).toBe(
      "Permission denied: the Bash command 'git push --force origin main' matches the deny rule Bash(git push --force:*).",
    );
    expect((await bashCall('git push && curl https://example.com', 'call_4')).content).toBe(
      "Permission denied: the Bash command 'git push && curl https://example.com': its command 'curl https://example.com' matches no allow rule (Bash(git status), Bash(git log:*)). Each command of a compound command must be allowed on its own.",
    );
    expect((await bashCall('git status && git push origin main', 'call_5')).content).toBe(
      'ran git status && git push origin main',
    );
    expect(ran).toEqual(['git push origin main', 'git push origin dev', 'git status && git push origin main']);
    expect(added).toHaveLength(1);

    // Another gate with the same configuration asks again: the rule lived in this gate.
    const other = setUp(() => false);
    expect((await other.bashCall('git push origin dev')).content).toBe(
      "Permission denied: the Bash command 'git push origin dev' was not approved (Bash(git push:*)).",
    );
  });

  it('RU-4: "always" with a rule of its own adds exactly that rule; what it does not cover still asks', async () => {
    let answer: unknown = { approved: true, always: 'Bash(git push origin main)' };
    const { bashCall, asked, added, ran } = setUp(() => answer);
    expect((await bashCall('git push origin main')).content).toBe('ran git push origin main');
    answer = false;
    expect((await bashCall('git push origin main', 'call_2')).content).toBe('ran git push origin main');
    expect((await bashCall('git push origin dev', 'call_3')).content).toBe(
      "Permission denied: the Bash command 'git push origin dev' was not approved (Bash(git push:*)).",
    );
    expect(asked.map((request) => request.input.toJSON())).toEqual([
      { command: 'git push origin main' },
      { command: 'git push origin dev' },
    ]);
    expect(added.map((rule) => rule.rule)).toEqual(['Bash(git push origin main)']);
    expect(ran).toEqual(['git push origin main', 'git push origin main']);
  });

  it('RU-4: a rule for another tool, or one that cannot be read, is not added and the call is refused', async () => {
    const prefix =
      "Permission denied: the Bash command 'git push origin main' was approved (Bash(git push:*)), but the approver's answer cannot be used: the rule ";
    const cases: [string, string][] = [
      ['Read', "'Read' cannot be added: it names Read, not Bash."],
      ['Bash(git push', "'Bash(git push' cannot be added: 'Bash(git push' is neither Name nor Name(pattern)"],
      ['Bash(git push; rm -rf ~)', "'Bash(git push; rm -rf ~)' cannot be added: "],
    ];
    for (const [rule, sentence] of cases) {
      const { bashCall, ran, added } = setUp(() => ({ approved: true, always: rule }));
      expect((await bashCall('git push origin main')).content, rule).toContain(prefix + sentence);
      expect(ran).toEqual([]);
      expect(added).toEqual([]);
    }
  });

  it('RU-4: a path tool’s "always" allows the folder’s other files without asking, real paths checked as for allow rules', async () => {
    const { gate, asked } = setUp(() => ({ approved: true, always: true }));
    const readCall = (file: string, id: string) =>
      gate.execute(createToolUse(id, 'Read', { file_path: join(root, file) }));
    expect((await readCall('notes.txt', 'r1')).content).toBe(`read ${join(root, 'notes.txt')}`);
    expect((await readCall('other.txt', 'r2')).content).toBe(`read ${join(root, 'other.txt')}`);
    expect(asked).toHaveLength(1);
    expect((await gate.execute(createToolUse('r3', 'Read', { file_path: '/etc/hostname' }))).content).toBe(
      'Permission denied: Read is not in the allow list. Add Read or Read(pattern) to allow it.',
    );
  });

  it('RU-4: an onRuleAdded that throws is logged; the approved call runs and the rule stays', async () => {
    const { bashCall, warnings, ran, asked } = setUp(() => ({ approved: true, always: true }), {
      onRuleAdded: () => {
        throw new Error('the settings file is read-only');
      },
    });
    expect((await bashCall('git push')).content).toBe('ran git push');
    expect((await bashCall('git push', 'call_2')).content).toBe('ran git push');
    expect(warnings).toEqual(['onRuleAdded threw: the settings file is read-only']);
    expect(ran).toEqual(['git push', 'git push']);
    expect(asked).toHaveLength(1);
  });
});
