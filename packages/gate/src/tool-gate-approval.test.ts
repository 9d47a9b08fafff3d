import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolUse, SafetyLevel, type ToolInput } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Approval } from './permission/durable-approval.js';
import type { PendingApproval } from './permission/permission-config.js';
import { ScriptedTool } from '../test/test-tools.js';
import type { AuditEvent } from './execution/audit-event.js';
import { ToolGate } from './tool-gate.js';

const SECRET = 'a secret of at least thirty-two bytes, for tests';
const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-approval-')));
mkdirSync(join(root, 'a'));
mkdirSync(join(root, 'b'));
writeFileSync(join(root, 'a/f.txt'), '');
writeFileSync(join(root, 'b/f.txt'), '');
symlinkSync(join(root, 'a'), join(root, 'link'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function gateWith(secret = SECRET) {
  const events: AuditEvent[] = [];
  const deploy = new ScriptedTool(
    { name: 'deploy', safety: SafetyLevel.BASH, subject: { kind: 'COMMAND', parameter: 'target' } },
    (input: ToolInput) => `deployed ${input.getString('target', '')}`,
  );
  const open = new ScriptedTool(
    { name: 'Open', subject: { kind: 'PATH', parameter: 'file_path' } },
    (input: ToolInput) => `opened ${input.getString('file_path', '')}`,
  );
  const gate = new ToolGate({
    tools: [deploy, open],
    permissions: { ask: ['deploy(prod:*)', `Open(${root}/**)`] },
    approvals: { secret },
    runOptions: { allowBash: true },
    onAudit: (event) => events.push(event),
  });
  return { gate, deploy, events };
}

const call = (target: string, id = 'call_1') => createToolUse(id, 'deploy', { target });

async function hold(gate: ToolGate, use = call('prod eu')): Promise<PendingApproval> {
  const result = await gate.execute(use);
  expect(result).toMatchObject({
    isError: true,
    content:
      "This deploy call needs a person's approval (deploy(prod:*)) and is waiting for it; it was not run. Do not retry it: it runs once approved.",
    metadata: { policyDenied: true },
  });
  return result.metadata.pendingApproval as PendingApproval;
}

describe('durable approvals (SPEC IN-4)', () => {
  it('IN-4: an ask with nobody to answer holds the call as plain data; approved, it runs once, in another gate after a JSON round trip', async () => {
    const first = gateWith();
    const pending = await hold(first.gate);
    expect(pending).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      tool: 'deploy',
      rule: 'deploy(prod:*)',
      input: { target: 'prod eu' },
      subject: { kind: 'COMMAND', value: 'prod eu' },
      cwd: process.cwd(),
      realCwd: realpathSync(process.cwd()),
      issuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      digest: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
      seal: expect.stringMatching(/^[0-9a-f]{64}$/) as string,
    });
    const stored = JSON.parse(JSON.stringify(pending)) as PendingApproval;
    const approval = JSON.parse(JSON.stringify(first.gate.approve(stored))) as Approval;

    const second = gateWith();
    expect(await second.gate.execute(call('prod eu', 'call_2'), { approval })).toMatchObject({
      isError: false,
      content: 'deployed prod eu',
    });
    // Used once: not again, in either gate.
    for (const gate of [second.gate, first.gate]) {
      expect((await gate.execute(call('prod eu', 'call_3'), { approval })).content).toBe(
        "Permission denied: the deploy command 'prod eu' was not approved (deploy(prod:*)): the approval it brought was used already.",
      );
    }
    expect(first.deploy.runs + second.deploy.runs).toBe(1);
    expect(first.events.map((event) => [event.stage, event.decision, event.rule])).toEqual([
      ['permission', 'pending', 'deploy(prod:*)'],
      ['approval', 'grant', 'deploy(prod:*)'],
      ['permission', 'deny', 'deploy(prod:*)'],
    ]);
    expect(second.events.slice(0, 2).map((event) => [event.stage, event.decision])).toEqual([
      ['permission', 'allow'],
      ['execution', 'ok'],
    ]);
  });

  it('IN-4: an approval is for exactly its call: other input, another tool, a forged or foreign signature all fail', async () => {
    const { gate, deploy } = gateWith();
    const approval = gate.approve(await hold(gate));
    const denied =
      "Permission denied: the deploy command 'prod us' was not approved (deploy(prod:*)): the approval it brought was given for another call (another tool, input, judged path or working directory).";
    expect((await gate.execute(call('prod us'), { approval })).content).toBe(denied);
    const forged = { ...approval, signature: approval.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) };
    expect((await gate.execute(call('prod eu'), { approval: forged })).isError).toBe(true);
    const other = gateWith('another secret of at least thirty-two bytes!!');
    expect((await other.gate.execute(call('prod eu'), { approval })).isError).toBe(true);
    expect((await gate.execute(call('prod eu'), { approval: { id: 'x' } as unknown as Approval })).content).toBe(
      "Permission denied: the deploy command 'prod eu' was not approved (deploy(prod:*)): the approval it brought is not one this gate granted.",
    );
    expect(deploy.runs).toBe(0);
    // The genuine one still works once (failed attempts did not use it up).
    expect((await gate.execute(call('prod eu'), { approval })).content).toBe('deployed prod eu');
  });

  it('IN-4: a path whose real path moved after the approval is judged afresh', async () => {
    const { gate } = gateWith();
    const use = createToolUse('o', 'Open', { file_path: `${root}/link/f.txt` });
    const result = await gate.execute(use);
    const pending = result.metadata.pendingApproval as PendingApproval;
    expect(pending).toMatchObject({ path: `${root}/link/f.txt`, realPath: `${root}/a/f.txt` });
    const approval = gate.approve(pending);
    rmSync(join(root, 'link'));
    symlinkSync(join(root, 'b'), join(root, 'link'));
    expect((await gate.execute(use, { approval })).isError).toBe(true);
    rmSync(join(root, 'link'));
    symlinkSync(join(root, 'a'), join(root, 'link'));
    expect((await gate.execute(use, { approval })).content).toBe(`opened ${root}/link/f.txt`);
  });

  it('IN-4: approvals need a secret of 32 bytes, and a gate without the option cannot grant', () => {
    expect(() => new ToolGate({ tools: [], approvals: { secret: 'short' } })).toThrow(
      'approvals.secret must be at least 32 bytes long.',
    );
    expect(() => new ToolGate({ tools: [] }).approve({} as PendingApproval)).toThrow(
      'This gate has no approvals option, so it cannot grant approvals.',
    );
  });
});
