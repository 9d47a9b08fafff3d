import type { JsonObject } from '@toolwright/core';
import type { PendingApproval } from './permission-config.js';

/** The fields a pending approval must carry, and what each must be. */
const REQUIRED_STRINGS = ['id', 'tool', 'rule', 'cwd', 'realCwd', 'issuedAt', 'digest', 'seal'] as const;
const OPTIONAL_STRINGS = ['path', 'realPath'] as const;
const HEX_64 = /^[0-9a-f]{64}$/;

/**
 * Reads a value a host hands to `gate.approve` as a pending approval: every field present with the
 * type the gate gave it, or the first that is not, in words. It says nothing of whether the fields
 * were changed — the seal and the digest tell that.
 */
export function readPendingApproval(value: unknown): PendingApproval | { readonly problem: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { problem: 'it is not an object' };
  }
  const fields = value as Record<string, unknown>;
  for (const name of REQUIRED_STRINGS) {
    if (typeof fields[name] !== 'string') return { problem: `its '${name}' is missing or not a string` };
  }
  for (const name of OPTIONAL_STRINGS) {
    if (fields[name] !== undefined && typeof fields[name] !== 'string') {
      return { problem: `its '${name}' is not a string` };
    }
  }
  const input = fields.input;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { problem: "its 'input' is missing or not an object" };
  }
  const subject = fields.subject;
  if (subject !== undefined) {
    const { kind, value: subjectValue } = (subject ?? {}) as Record<string, unknown>;
    if ((kind !== 'COMMAND' && kind !== 'PATH') || typeof subjectValue !== 'string') {
      return { problem: "its 'subject' is not a COMMAND or PATH subject" };
    }
  }
  if (!HEX_64.test(fields.digest as string) || !HEX_64.test(fields.seal as string)) {
    return { problem: 'its digest or seal is not 64 lowercase hexadecimal digits' };
  }
  if (issueTime(fields.issuedAt as string) === undefined) {
    return { problem: "its 'issuedAt' is not a time the gate writes" };
  }
  return { ...(fields as unknown as PendingApproval), input: input as JsonObject };
}

/** The milliseconds of an ISO time as `Date.toISOString` writes it; `undefined` for any other text. */
export function issueTime(text: string): number | undefined {
  const time = Date.parse(text);
  if (!Number.isFinite(time) || new Date(time).toISOString() !== text) return undefined;
  return time;
}
