import type { ToolUse } from '@toolwright/core';
import type { Approver, CallOptions, ToolGate } from '@toolwright/gate';
import { approvalRequestDigest, judgeCall } from '@toolwright/gate/internal';
import {
  CLIENT_CAPABILITIES_META_KEY,
  inputRequired,
  inputResponse,
  type ClientCapabilities,
  type InputRequiredResult,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { answerOf, approveSchema, canAskForm, question } from './client-approver.js';

/** The key request states are signed with: this process's own, so only this process accepts its questions. */
const SECRET = randomBytes(32);

/** The request states already answered (by id), with when each expires: a yes runs one call, once. */
const used = new Map<string, number>();

/** What the gate does with a 2026-07-28 call whose ask rule may put it to the client's user. */
export type InputRequiredStep =
  | { readonly kind: 'ask'; readonly result: InputRequiredResult }
  | { readonly kind: 'run'; readonly approver?: Approver };

/**
 * An ask rule at revision 2026-07-28 (SPEC MP-5), with a client that declared form elicitation
 * in the request's envelope: the `input_required` round trip. On the first round the call is
 * judged (nothing runs); when an ask rule would put it to an approver, the answer is an
 * `input_required` result carrying the question — the tool, the rule, the input — and a request
 * state signed with this process's key, binding the digest of that exact call and an expiry. On
 * the client's retry the state is checked, and the call runs through the gate with an approver
 * that says yes only to the same call (its digest), only once (a replayed retry is refused),
 * before the expiry, and only for an accept with `approve: true`. Any other request — a client
 * that cannot be asked, a 2025 revision — runs as before.
 */
export async function inputRequiredStep(
  gate: ToolGate,
  context: ServerContext,
  toolUse: ToolUse,
  call: CallOptions,
  timeoutMs: number,
): Promise<InputRequiredStep> {
  const envelope = context.mcpReq.envelope;
  const capabilities = (envelope as Readonly<Record<string, unknown>> | undefined)?.[CLIENT_CAPABILITIES_META_KEY] as
    ClientCapabilities | undefined;
  if (envelope === undefined || !canAskForm(capabilities)) return { kind: 'run' };
  const state = context.mcpReq.requestState<unknown>();
  if (typeof state === 'string') return { kind: 'run', approver: answeredApprover(state, context) };
  const judged = await judgeCall(gate, toolUse, call);
  if (judged.verdict !== 'ask' || judged.request === undefined) return { kind: 'run' };
  const sealed = seal({
    id: randomUUID(),
    digest: approvalRequestDigest(judged.request),
    expires: Date.now() + timeoutMs,
  });
  return {
    kind: 'ask',
    result: inputRequired({
      inputRequests: {
        approve: inputRequired.elicit({
          mode: 'form',
          message: question(judged.request),
          requestedSchema: approveSchema(),
        }),
      },
      requestState: sealed,
    }),
  };
}

interface ApprovalState {
  readonly id: string;
  readonly digest: string;
  readonly expires: number;
}

function answeredApprover(state: string, context: ServerContext): Approver {
  const opened = open(state);
  return (request) => {
    if (opened === undefined)
      return {
        approved: false,
        reason: "the answer from the client's user came with a question this server did not ask",
      };
    if (Date.now() > opened.expires)
      return { approved: false, reason: "the answer from the client's user came too late" };
    if (approvalRequestDigest(request) !== opened.digest)
      return { approved: false, reason: "the call differs from the one the client's user was shown" };
    if (!consume(opened)) return { approved: false, reason: "the answer from the client's user was used already" };
    const view = inputResponse(context.mcpReq.inputResponses, 'approve');
    if (view.kind !== 'elicit') return { approved: false, reason: "no answer came from the client's user" };
    return answerOf(view.action, view.content);
  };
}

function seal(state: ApprovalState): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${body}.${mac(body)}`;
}

function open(sealed: string): ApprovalState | undefined {
  const dot = sealed.indexOf('.');
  if (dot <= 0) return undefined;
  const body = sealed.slice(0, dot);
  const given = Buffer.from(sealed.slice(dot + 1), 'base64url');
  const expected = Buffer.from(mac(body), 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<ApprovalState>;
    if (typeof state.id !== 'string' || typeof state.digest !== 'string' || typeof state.expires !== 'number')
      return undefined;
    return { id: state.id, digest: state.digest, expires: state.expires };
  } catch {
    return undefined;
  }
}

function mac(body: string): string {
  return createHmac('sha256', SECRET).update(body).digest('base64url');
}

/** True the first time a state is used; expired ones are forgotten as new ones come. */
function consume(state: ApprovalState): boolean {
  const now = Date.now();
  for (const [id, expires] of used) if (expires < now) used.delete(id);
  if (used.has(state.id)) return false;
  used.set(state.id, state.expires);
  return true;
}
