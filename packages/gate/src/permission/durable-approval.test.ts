import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolUse, SafetyLevel, ToolwrightError, type ToolInput } from '@toolwright/core';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ScriptedTool } from '../../test/test-tools.js';
import type { AuditEvent } from '../execution/audit-event.js';
import { ToolGate } from '../tool-gate.js';
import type { ApprovalStore } from './approval-store.js';
import type { Approval, DurableApprovalOptions } from './durable-approval.js';
import type { PendingApproval } from './permission-config.js';

const SECRET = 'a secret of at least thirty-two bytes, for tests';
const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-durable-')));
for (const folder of ['a', 'b']) mkdirSync(join(root, folder));
symlinkSync(join(root, 'a'), join(root, 'here'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

function setUp(approvals: Partial<DurableApprovalOptions> = {}) {
  const events: AuditEvent[] = [];
  const shell = new ScriptedTool(
    { name: 'Shell', safety: SafetyLevel.BASH, subject: { kind: 'COMMAND', parameter: 'command' } },
    (input: ToolInput) => `ran ${input.getString('command', '')}`,
  );
  const gate = new ToolGate({
    tools: [shell],
    permissions: { ask: ['Shell(rm:*)'] },
    approvals: { secret: SECRET, ...approvals },
    runOptions: { allowBash: true },
    cwd: join(root, 'a'),
    onAudit: (event) => events.push(event),
  });
  return { gate, shell, events };
}

const rm = (id = 'call_1') => createToolUse(id, 'Shell', { command: 'rm -f build.log' });
const notApproved = "Permission denied: the Shell command 'rm -f build.log' was not approved (Shell(rm:*))";

async function hold(gate: ToolGate, cwd?: string): Promise<PendingApproval> {
  const result = await gate.execute(rm(), cwd === undefined ? {} : { cwd });
  return JSON.parse(JSON.stringify(result.metadata.pendingApproval)) as PendingApproval;
}

function refusalOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(ToolwrightError.isInstance(error) && error.code).toBe('INVALID_APPROVAL');
    return (error as Error).message;
  }
  throw new Error('expected gate.approve to refuse');
}

const CHANGED =
  'This pending approval was changed after the gate issued it: its tool, input, subject, paths or working directory no longer match its digest. It cannot be approved.';
const NOT_ISSUED =
  'This pending approval was not issued by this gate (nor by one with its approval secret), or its fields were changed since. It cannot be approved.';

describe('gate.approve signs only what the gate issued (SPEC IN-4, PM-6)', () => {
  it('IN-4: a pending whose bound fields were edited is refused: the digest is recomputed from its own fields', async () => {
    const { gate, shell, events } = setUp();
    const pending = await hold(gate);
    const edits: Array<Partial<Record<keyof PendingApproval, unknown>>> = [
      { tool: 'Other' },
      { input: { command: 'rm -rf /' } },
      { input: { command: 'rm -f build.log', extra: true } },
      { subject: { kind: 'COMMAND', value: 'rm -rf /' } },
      { subject: { kind: 'PATH', value: 'rm -f build.log' } },
      { path: '/etc/passwd' },
      { realPath: '/etc/passwd' },
      { cwd: join(root, 'b') },
      { realCwd: join(root, 'b') },
    ];
    for (const edit of edits)
      expect(refusalOf(() => gate.approve({ ...pending, ...edit } as PendingApproval))).toBe(CHANGED);
    expect(shell.runs).toBe(0);
    expect(events.filter((event) => event.stage === 'approval').map((event) => event.decision)).toEqual(
      edits.map(() => 'deny'),
    );
    expect(events.at(-1)).toMatchObject({ callId: pending.id, tool: 'Shell', reason: CHANGED });
  });

  it('IN-4: a pending whose digest, id, rule, issue time or seal was edited, or that gained a field, is refused', async () => {
    const { gate } = setUp();
    const pending = await hold(gate);
    const other = await hold(gate, join(root, 'b'));
    const edits: Array<Record<string, unknown>> = [
      { digest: other.digest, cwd: other.cwd, realCwd: other.realCwd }, // the fields and digest of another hold, this seal
      { id: '00000000-0000-4000-8000-000000000000' },
      { rule: 'Shell(ls:*)' },
      { issuedAt: new Date(Date.parse(pending.issuedAt) + 60_000).toISOString() },
      { seal: other.seal },
      { seal: pending.seal.replace(/^./, (digit) => (digit === '0' ? '1' : '0')) },
      { note: 'approved by Bob' },
    ];
    for (const edit of edits)
      expect(refusalOf(() => gate.approve({ ...pending, ...edit } as PendingApproval))).toBe(NOT_ISSUED);
    // Untouched, both still approve.
    expect(gate.approve(pending).id).toBe(pending.id);
    expect(gate.approve(other).id).toBe(other.id);
  });

  it('IN-4: a pending made up by hand, or issued under another secret, is refused, however well its digest is computed', async () => {
    const { gate } = setUp();
    const foreign = await hold(setUp({ secret: 'another secret of at least thirty-two bytes!!' }).gate);
    expect(refusalOf(() => gate.approve(foreign))).toBe(NOT_ISSUED);
    const { seal: _seal, ...unsealed } = await hold(gate);
    expect(refusalOf(() => gate.approve(unsealed as PendingApproval))).toBe(
      "This is not a pending approval the gate issued: its 'seal' is missing or not a string.",
    );
    expect(refusalOf(() => gate.approve({ ...unsealed, seal: 'f'.repeat(64) }))).toBe(NOT_ISSUED);
    const shapes: Array<[unknown, string]> = [
      [null, 'it is not an object'],
      ['pending', 'it is not an object'],
      [[], 'it is not an object'],
      [{ ...unsealed, seal: 'F'.repeat(64) }, 'its digest or seal is not 64 lowercase hexadecimal digits'],
      [{ ...unsealed, seal: 'x', input: [] }, "its 'input' is missing or not an object"],
      [{ ...unsealed, seal: 'x', issuedAt: 'yesterday' }, 'its digest or seal is not 64 lowercase hexadecimal digits'],
      [{ ...unsealed, seal: 'f'.repeat(64), issuedAt: 'yesterday' }, "its 'issuedAt' is not a time the gate writes"],
      [
        { ...unsealed, seal: 'f'.repeat(64), subject: { kind: 'URL', value: 'x' } },
        "its 'subject' is not a COMMAND or PATH subject",
      ],
      [{ ...unsealed, seal: 'f'.repeat(64), path: 7 }, "its 'path' is not a string"],
    ];
    for (const [value, problem] of shapes) {
      expect(refusalOf(() => gate.approve(value as PendingApproval))).toBe(
        `This is not a pending approval the gate issued: ${problem}.`,
      );
    }
  });

  it('IN-4: the working directory is bound: an approval given in folder A is refused in folder B, and when A is swapped for another folder', async () => {
    const { gate, shell } = setUp();
    const here = join(root, 'here');
    const approval = gate.approve(await hold(gate, here));
    const elsewhere = `${notApproved}: the approval it brought was given for another call (another tool, input, judged path or working directory).`;
    expect((await gate.execute(rm(), { cwd: join(root, 'b'), approval })).content).toBe(elsewhere);
    expect((await gate.execute(rm(), { approval })).content).toBe(elsewhere); // the gate's cwd, root/a, spelt otherwise
    rmSync(here);
    symlinkSync(join(root, 'b'), here);
    expect((await gate.execute(rm(), { cwd: here, approval })).content).toBe(elsewhere);
    rmSync(here);
    symlinkSync(join(root, 'a'), here);
    expect((await gate.execute(rm(), { cwd: here, approval })).content).toBe('ran rm -f build.log');
    expect(shell.runs).toBe(1);
  });
});

describe('approvals expire (SPEC IN-4)', () => {
  it('IN-4: a pending is approved within its lifetime only, and the approval then runs until the same moment', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00.000Z'));
    const { gate, shell } = setUp();
    const pending = await hold(gate);
    expect(pending.issuedAt).toBe('2026-12-01T10:00:00.000Z');
    vi.setSystemTime(new Date('2026-12-02T09:59:59.999Z'));
    const approval = gate.approve(pending);
    expect(approval.expiresAt).toBe('2026-12-02T10:00:00.000Z');
    vi.setSystemTime(new Date('2026-12-02T10:00:00.000Z'));
    expect((await gate.execute(rm(), { approval })).content).toBe(
      `${notApproved}: the approval it brought expired at 2026-12-02T10:00:00.000Z.`,
    );
    expect(refusalOf(() => gate.approve(pending))).toBe(
      'This pending approval expired at 2026-12-02T10:00:00.000Z (it was issued at 2026-12-01T10:00:00.000Z, and approvals last 1 day). Make the call again to ask anew.',
    );
    expect(shell.runs).toBe(0);
  });

  it('IN-4: the lifetime is configurable, and an expiry edited into an approval breaks its signature', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T10:00:00.000Z'));
    const { gate, shell } = setUp({ lifetimeMs: 90_000 });
    const approval = gate.approve(await hold(gate));
    expect(approval.expiresAt).toBe('2026-12-01T10:01:30.000Z');
    vi.setSystemTime(new Date('2026-12-01T10:01:30.000Z'));
    const extended = { ...approval, expiresAt: '2026-12-31T00:00:00.000Z' };
    expect((await gate.execute(rm(), { approval: extended })).content).toBe(
      `${notApproved}: the approval it brought is not one this gate granted.`,
    );
    expect((await gate.execute(rm(), { approval })).content).toBe(
      `${notApproved}: the approval it brought expired at 2026-12-01T10:01:30.000Z.`,
    );
    expect(shell.runs).toBe(0);
    for (const lifetimeMs of [0, -1, 1.5, Number.NaN, 400 * 86_400_000]) {
      expect(() => setUp({ lifetimeMs })).toThrow(
        `approvals.lifetimeMs must be a whole number of milliseconds from 1 to 31,622,400,000, not ${lifetimeMs}.`,
      );
    }
  });
});

describe('signatures are exact strings (SPEC IN-4)', () => {
  it('IN-4: a signature with another letter case, an appended or removed character, or padding is refused; the genuine one then runs', async () => {
    const { gate, shell } = setUp();
    const approval = gate.approve(await hold(gate));
    const variants = [
      approval.signature.toUpperCase(),
      `${approval.signature}0`,
      `${approval.signature}zz`,
      `${approval.signature}\n`,
      ` ${approval.signature}`,
      approval.signature.slice(0, -1),
      approval.signature.slice(0, -2),
      Buffer.from(approval.signature, 'hex').toString('base64'),
      '',
    ];
    for (const signature of variants) {
      expect((await gate.execute(rm(), { approval: { ...approval, signature } })).content).toBe(
        `${notApproved}: the approval it brought is not one this gate granted.`,
      );
    }
    expect((await gate.execute(rm(), { approval: { ...approval, signature: 7 } as unknown as Approval })).isError).toBe(
      true,
    );
    expect(shell.runs).toBe(0);
    expect((await gate.execute(rm(), { approval })).content).toBe('ran rm -f build.log');
  });
});

describe('judge has no side effects; the store decides once (SPEC IN-4)', () => {
  function countingStore(): ApprovalStore & { readonly seen: string[] } {
    const used = new Set<string>();
    const seen: string[] = [];
    return {
      seen,
      consume(id) {
        seen.push(id);
        if (used.has(id)) return false;
        used.add(id);
        return true;
      },
    };
  }

  it('IN-4: judging a call that brings an approval never uses it, in the store or in memory, and holds nothing', async () => {
    const store = countingStore();
    const { gate, shell, events } = setUp({ store });
    const approval = gate.approve(await hold(gate));
    const before = events.length;
    for (let round = 0; round < 3; round++) expect(await gate.judge(rm(), { approval })).toBe('ask');
    expect(store.seen).toEqual([]);
    expect(events.length).toBe(before);
    expect((await gate.execute(rm(), { approval })).content).toBe('ran rm -f build.log');
    expect((await gate.execute(rm(), { approval })).content).toBe(
      `${notApproved}: the approval it brought was used already.`,
    );
    expect(store.seen).toEqual([approval.id, approval.id]);
    expect(shell.runs).toBe(1);
  });

  it('IN-4: a store that throws, rejects or does not answer in time denies with a reason that says so, and nothing runs', async () => {
    const stores: Array<[ApprovalStore, string]> = [
      [
        {
          consume() {
            throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
          },
        },
        'connect ECONNREFUSED 127.0.0.1:6379',
      ],
      [{ consume: () => Promise.reject(new Error('Connection is closed.')) }, 'Connection is closed.'],
      [{ consume: () => new Promise<boolean>(() => {}) }, 'no answer within 50 ms'],
    ];
    for (const [store, message] of stores) {
      const { gate, shell } = setUp({ store, storeTimeoutMs: 50 });
      const approval = gate.approve(await hold(gate));
      expect((await gate.execute(rm(), { approval })).content).toBe(
        `${notApproved}: the approval store could not be reached (${message}), so the approval could not be checked.`,
      );
      expect(shell.runs).toBe(0);
    }
  });
});
