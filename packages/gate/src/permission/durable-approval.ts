import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { ToolwrightError, type JsonObject, type JsonValue } from '@toolwright/core';
import type { ApprovalRequest, Approver, PendingApproval } from './permission-config.js';

/** What `gate.approve(pending)` returns, and `gate.execute(toolUse, { approval })` takes back. */
export interface Approval {
  readonly id: string;
  readonly digest: string;
  /** An HMAC over id and digest with the gate's approval secret: only a gate holding it can grant. */
  readonly signature: string;
}

/** Remembers which approvals were used: `consume` says true once per id. Share one between processes to forbid replays across them. */
export interface ApprovalStore {
  /** True the first time it is given `id`, false ever after (also from another process sharing the store). */
  consume(id: string): boolean | Promise<boolean>;
}

/** How a gate puts `ask` calls on hold when nobody can answer at once. */
export interface DurableApprovalOptions {
  /** The key approvals are signed with (at least 32 bytes); gates that share it accept each other's approvals. */
  readonly secret: string | Uint8Array;
  /** Where used approvals are remembered. Default: this process's memory, shared by its gates. */
  readonly store?: ApprovalStore;
}

const usedInThisProcess = new Set<string>();
const PROCESS_STORE: ApprovalStore = {
  consume(id) {
    if (usedInThisProcess.has(id)) return false;
    usedInThisProcess.add(id);
    return true;
  },
};

/** The signer and checker of one gate's durable approvals. */
export class DurableApprovals {
  readonly #secret: Buffer;
  readonly #store: ApprovalStore;

  constructor(options: DurableApprovalOptions) {
    const secret =
      typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : Buffer.from(options.secret);
    if (secret.length < 32) {
      throw new ToolwrightError('INVALID_OPTIONS', 'approvals.secret must be at least 32 bytes long.');
    }
    this.#secret = secret;
    this.#store = options.store ?? PROCESS_STORE;
  }

  /** A hold for a call an ask rule matched. */
  hold(request: ApprovalRequest): PendingApproval {
    const input = request.input.toJSON();
    const judged = {
      ...(request.subject === undefined ? {} : { subject: request.subject }),
      ...(request.path === undefined ? {} : { path: request.path }),
      ...(request.realPath === undefined ? {} : { realPath: request.realPath }),
    };
    return Object.freeze({
      id: randomUUID(),
      tool: request.tool,
      rule: request.rule,
      input,
      ...judged,
      digest: digestOf(request),
    });
  }

  /** Grants a hold: the approval it returns runs that call, with that input, once. */
  approve(pending: PendingApproval): Approval {
    if (typeof pending?.id !== 'string' || typeof pending.digest !== 'string') {
      throw new ToolwrightError('INVALID_OPTIONS', 'Only a pending approval the gate returned can be approved.');
    }
    return Object.freeze({ id: pending.id, digest: pending.digest, signature: this.#sign(pending.id, pending.digest) });
  }

  /**
   * Whether `approval` grants this call: signed with the secret, made for this tool, input and
   * judged subject, and not used before (it is used now). Never throws.
   */
  async grants(approval: unknown, request: ApprovalRequest): Promise<boolean> {
    try {
      const { id, digest, signature } = approval as Approval;
      if (typeof id !== 'string' || typeof digest !== 'string' || typeof signature !== 'string') return false;
      const expected = Buffer.from(this.#sign(id, digest), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      if (digest !== digestOf(request)) return false;
      return (await this.#store.consume(id)) === true;
    } catch {
      return false;
    }
  }

  #sign(id: string, digest: string): string {
    return createHmac('sha256', this.#secret).update(`${id}\n${digest}`).digest('hex');
  }
}

/** Why `approve` fails on a gate without durable approvals. */
export const NO_APPROVALS = 'This gate has no approvals option, so it cannot grant approvals.';

/** What the model reads of a call held for approval. */
export function heldReason(tool: string, rule: string): string {
  return `This ${tool} call needs a person's approval (${rule}) and is waiting for it; it was not run. Do not retry it: it runs once approved.`;
}

/** The audit event of a grant (the caller adds the duration). */
export function grantEvent(pending: PendingApproval) {
  return { callId: pending.id, tool: pending.tool, stage: 'approval', decision: 'grant', rule: pending.rule } as const;
}

/**
 * Who answers a call's ask rule: the approval it brings (checked, used once); else its own
 * approver, else the gate's; else, with durable approvals, a hold (`onHold` receives it, and the
 * call is not run); else nobody (ask denies).
 */
export function chooseApprover(
  call: { readonly approval?: Approval; readonly approver?: Approver },
  gateApprover: Approver | undefined,
  approvals: DurableApprovals | undefined,
  onHold: (pending: PendingApproval) => void,
): Approver | undefined {
  if (call.approval !== undefined) return (request) => approvals?.grants(call.approval, request) ?? false;
  const approver = call.approver ?? gateApprover;
  if (approver !== undefined || approvals === undefined) return approver;
  return (request) => {
    onHold(approvals.hold(request));
    return false;
  };
}

/** The digest that binds an approval: tool, exact input, subject and judged paths. */
function digestOf(request: ApprovalRequest): string {
  const bound = {
    tool: request.tool,
    input: request.input.toJSON(),
    subject: request.subject ?? null,
    path: request.path ?? null,
    realPath: request.realPath ?? null,
  };
  return createHash('sha256')
    .update(canonicalJson(bound as unknown as JsonValue))
    .digest('hex');
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as JsonObject)[key] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
