import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { JsonObject, JsonValue } from '@toolwright/core';
import type { ApprovalRequest, PendingApproval } from './permission-config.js';

/**
 * What an approval is bound to: the call as the gate judged it when it asked — the tool, the exact
 * input, the subject, a PATH subject's path and real path, and the working directory with its real
 * path. A call judged differently (other input, a link swapped in, another folder) is another call.
 */
export type BoundCall = Pick<PendingApproval, 'tool' | 'input' | 'subject' | 'path' | 'realPath' | 'cwd' | 'realCwd'>;

/** The digest of a bound call: one canonical encoding, so the same call always gives the same digest. */
export function approvalDigest(call: BoundCall): string {
  const bound = {
    tool: call.tool,
    input: call.input,
    subject: call.subject === undefined ? null : { kind: call.subject.kind, value: call.subject.value },
    path: call.path ?? null,
    realPath: call.realPath ?? null,
    cwd: call.cwd,
    realCwd: call.realCwd,
  };
  return createHash('sha256')
    .update(canonicalJson(bound as unknown as JsonValue))
    .digest('hex');
}

/** The digest of the call an approver is asked about, as a framework's approval binds it. */
export function approvalRequestDigest(request: ApprovalRequest): string {
  return approvalDigest({ ...request, input: request.input.toJSON() });
}

/** JSON with object keys sorted at every level: the same value always gives the same text. */
export function canonicalJson(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson((value as JsonObject)[key] as JsonValue)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * An HMAC-SHA256 of `text` under `secret`, as lowercase hex; `purpose` keeps one kind of signature
 * from standing in for another (a pending's seal is never an approval's signature).
 */
export function signText(secret: Buffer, purpose: 'pending' | 'approval', text: string): string {
  return createHmac('sha256', secret).update(`toolwright ${purpose}\n${text}`).digest('hex');
}

/**
 * Whether `given` is exactly `expected`, compared in constant time as the bytes of the strings
 * themselves: a changed letter case, an appended character or a non-string never matches
 * (decoding hex first would accept `AB` for `ab` and ignore trailing junk).
 */
export function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const givenBytes = Buffer.from(given, 'utf8');
  const expectedBytes = Buffer.from(expected, 'utf8');
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}
