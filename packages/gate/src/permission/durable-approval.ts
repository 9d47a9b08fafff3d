import { randomUUID } from 'node:crypto';
import { ToolwrightError, type JsonValue } from '@toolwright/core';
import { MAX_TIMER_MS, millisecondsProblem, shortenText } from '@toolwright/core/internal';
import { approvalDigest, approvalRequestDigest, canonicalJson, sameSignature, signText } from './approval-binding.js';
import { PROCESS_APPROVAL_STORE, type ApprovalStore } from './approval-store.js';
import type { ApprovalRefusal, ApprovalRequest, PendingApproval } from './permission-config.js';
import { issueTime, readPendingApproval } from './read-pending-approval.js';

/** What `gate.approve(pending)` returns, and `gate.execute(toolUse, { approval })` takes back. */
export interface Approval {
  /** The pending approval's id: an approval is used once. */
  readonly id: string;
  /** The digest of the call it approves (tool, input, judged subject and paths, working directory). */
  readonly digest: string;
  /** When it stops granting, as an ISO time: the pending's issue time plus the gate's approval lifetime. */
  readonly expiresAt: string;
  /** An HMAC over id, digest and expiry with the gate's approval secret: only a gate holding it can grant. */
  readonly signature: string;
}

/** How long an approval lives by default, from the moment its call was put on hold: 24 hours. */
export const DEFAULT_APPROVAL_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** How long the gate waits for the approval store by default before it denies the call: 10 seconds. */
export const DEFAULT_APPROVAL_STORE_TIMEOUT_MS = 10_000;
const MAX_LIFETIME_MS = 366 * 24 * 60 * 60 * 1000;

/** How a gate puts `ask` calls on hold when nobody can answer at once. */
export interface DurableApprovalOptions {
  /** The key approvals are signed with (at least 32 bytes); gates that share it accept each other's approvals. */
  readonly secret: string | Uint8Array;
  /** Where used approvals are remembered. Default: this process's memory, shared by its gates. */
  readonly store?: ApprovalStore;
  /**
   * How long a held call can be approved and run, in ms from the moment it was put on hold. Default
   * 24 hours ({@link DEFAULT_APPROVAL_LIFETIME_MS}); an expired pending or approval is refused, saying so.
   */
  readonly lifetimeMs?: number;
  /** How long the store may take to answer, in ms, before the call is denied (default 10 seconds). */
  readonly storeTimeoutMs?: number;
}

/** The signer and checker of one gate's durable approvals (SPEC IN-4, PM-6). */
export class DurableApprovals {
  readonly #secret: Buffer;
  readonly #store: ApprovalStore;
  readonly #lifetimeMs: number;
  readonly #storeTimeoutMs: number;

  constructor(options: DurableApprovalOptions) {
    const secret =
      typeof options.secret === 'string' ? Buffer.from(options.secret, 'utf8') : Buffer.from(options.secret);
    if (secret.length < 32) {
      throw new ToolwrightError('INVALID_OPTIONS', 'approvals.secret must be at least 32 bytes long.');
    }
    this.#secret = secret;
    this.#store = options.store ?? PROCESS_APPROVAL_STORE;
    this.#lifetimeMs = checkedMs(options.lifetimeMs, DEFAULT_APPROVAL_LIFETIME_MS, MAX_LIFETIME_MS, 'lifetimeMs');
    this.#storeTimeoutMs = checkedMs(
      options.storeTimeoutMs,
      DEFAULT_APPROVAL_STORE_TIMEOUT_MS,
      MAX_TIMER_MS,
      'storeTimeoutMs',
    );
  }

  /** A hold for a call an ask rule matched: plain data, sealed so that any change to it is seen. */
  hold(request: ApprovalRequest): PendingApproval {
    const input = request.input.toJSON();
    const fields = {
      id: randomUUID(),
      tool: request.tool,
      rule: request.rule,
      input,
      ...(request.subject === undefined ? {} : { subject: request.subject }),
      ...(request.path === undefined ? {} : { path: request.path }),
      ...(request.realPath === undefined ? {} : { realPath: request.realPath }),
      cwd: request.cwd,
      realCwd: request.realCwd,
      issuedAt: new Date().toISOString(),
      digest: approvalDigest({ ...request, input }),
    };
    return Object.freeze({ ...fields, seal: this.#seal(fields) });
  }

  /**
   * Grants a hold this gate (or one with its secret) issued, unchanged and unexpired: the approval it
   * returns runs that call, with that input, in that folder, once. Says why it cannot otherwise.
   */
  approve(value: unknown): Approval | { readonly problem: string } {
    try {
      const pending = readPendingApproval(value);
      if ('problem' in pending)
        return { problem: `This is not a pending approval the gate issued: ${pending.problem}.` };
      if (approvalDigest(pending) !== pending.digest) {
        return {
          problem:
            'This pending approval was changed after the gate issued it: its tool, input, subject, paths or working directory no longer match its digest. It cannot be approved.',
        };
      }
      const { seal, ...fields } = pending;
      if (!sameSignature(seal, this.#seal(fields))) {
        return {
          problem:
            'This pending approval was not issued by this gate (nor by one with its approval secret), or its fields were changed since. It cannot be approved.',
        };
      }
      const expiresAt = issueTime(pending.issuedAt)! + this.#lifetimeMs;
      if (Date.now() >= expiresAt) {
        return {
          problem: `This pending approval expired at ${new Date(expiresAt).toISOString()} (it was issued at ${pending.issuedAt}, and approvals last ${describeMs(this.#lifetimeMs)}). Make the call again to ask anew.`,
        };
      }
      const approval = { id: pending.id, digest: pending.digest, expiresAt: new Date(expiresAt).toISOString() };
      return Object.freeze({ ...approval, signature: this.#sign(approval) });
    } catch {
      return { problem: 'This is not a pending approval the gate issued: it cannot be read as one.' };
    }
  }

  /**
   * Whether `approval` grants this call: signed with the secret, unexpired, made for this call as it
   * is judged now, and not used before — it is used now, in the store. `true`, or the refusal with
   * its reason. Never throws.
   */
  async grants(approval: unknown, request: ApprovalRequest): Promise<true | ApprovalRefusal> {
    try {
      const { id, digest, expiresAt, signature } = (approval ?? {}) as Partial<Approval>;
      if (typeof id !== 'string' || typeof digest !== 'string' || typeof expiresAt !== 'string') {
        return refused('the approval it brought is not one this gate granted');
      }
      if (!sameSignature(signature, this.#sign({ id, digest, expiresAt }))) {
        return refused('the approval it brought is not one this gate granted');
      }
      const expiry = issueTime(expiresAt);
      if (expiry === undefined || Date.now() >= expiry)
        return refused(`the approval it brought expired at ${expiresAt}`);
      if (digest !== approvalRequestDigest(request)) {
        return refused(
          'the approval it brought was given for another call (another tool, input, judged path or working directory)',
        );
      }
      return (await this.#consume(id, expiry)) ? true : refused('the approval it brought was used already');
    } catch (error) {
      const message = shortenText(error instanceof Error ? error.message : String(error), 200);
      return refused(`the approval store could not be reached (${message}), so the approval could not be checked`);
    }
  }

  /** The store's answer, or a rejection when it does not answer in time. */
  #consume(id: string, expiresAt: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${describeMs(this.#storeTimeoutMs)}`)),
        this.#storeTimeoutMs,
      );
    });
    const answer = Promise.resolve()
      .then(() => this.#store.consume(id, expiresAt))
      .then((used) => used === true);
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }

  #seal(fields: Omit<PendingApproval, 'seal'>): string {
    return signText(this.#secret, 'pending', canonicalJson(fields as unknown as JsonValue));
  }

  #sign(approval: Omit<Approval, 'signature'>): string {
    return signText(this.#secret, 'approval', `${approval.id}\n${approval.digest}\n${approval.expiresAt}`);
  }
}

function refused(reason: string): ApprovalRefusal {
  return { approved: false, reason };
}

function checkedMs(value: number | undefined, fallback: number, max: number, name: string): number {
  if (value === undefined) return fallback;
  const problem = millisecondsProblem(`approvals.${name}`, value, { max });
  if (problem !== undefined) throw new ToolwrightError('INVALID_OPTIONS', problem);
  return value;
}

/** A duration in the largest whole unit that says it exactly: `24 hours`, `90 seconds`, `1500 ms`. */
export function describeMs(ms: number): string {
  for (const [unit, size] of [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
    ['second', 1_000],
  ] as const) {
    if (ms % size === 0) return `${ms / size} ${unit}${ms === size ? '' : 's'}`;
  }
  return `${ms} ms`;
}

/** Why `approve` fails on a gate without durable approvals. */
export const NO_APPROVALS = 'This gate has no approvals option, so it cannot grant approvals.';

/** What the model reads of a call held for approval. */
export function heldReason(tool: string, rule: string): string {
  return `This ${tool} call needs a person's approval (${rule}) and is waiting for it; it was not run. Do not retry it: it runs once approved.`;
}
