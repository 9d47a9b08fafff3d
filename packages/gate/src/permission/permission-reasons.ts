import type { Tool } from '@toolwright/core';
import type { CallUnderJudgement } from './call-under-judgement.js';
import { escapeControlCharacters, shortenText } from '@toolwright/core/internal';
import type { ApprovalRefusal, Approver, PermissionDecision } from './permission-config.js';
import type { PermissionRule } from './permission-rule.js';

/** Asks the host's approver about a call an ask rule matched; no approver, a throw or anything but `true` denies. */
export async function askApprover(
  rule: PermissionRule,
  call: CallUnderJudgement,
  approver: Approver | undefined,
): Promise<Omit<PermissionDecision, 'subject'>> {
  const decided = { decidedBy: 'ask', rule: rule.source } as const;
  const problem = call.pathProblem();
  if (problem !== undefined) {
    return {
      ...decided,
      allowed: false,
      reason: `Permission denied: ${call.describe()} cannot be judged against ${rule.source}. ${problem}`,
    };
  }
  if (approver === undefined) {
    return {
      ...decided,
      allowed: false,
      reason: `Permission denied: ${call.describe()} needs approval (${rule.source}), and no approver is configured.`,
    };
  }
  let answer: unknown;
  try {
    answer = await approver({
      tool: call.tool.name,
      rule: rule.source,
      input: call.input,
      ...(call.subject === undefined ? {} : { subject: call.subject }),
      ...call.judgedPaths(),
      cwd: call.cwd,
      realCwd: call.realCwd(),
    });
  } catch {
    answer = false;
  }
  if (answer === true) return { ...decided, allowed: true, reason: `Approved under ${rule.source}.` };
  const given = refusalReason(answer);
  return {
    ...decided,
    allowed: false,
    reason: `Permission denied: ${call.describe()} was not approved (${rule.source})${given === undefined ? '' : `: ${given}`}.`,
  };
}

/** The reason of an approver's refusal, cut to one line of at most 500 characters; `undefined` for a plain no. */
function refusalReason(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const { approved, reason } = answer as Partial<ApprovalRefusal>;
  if (approved !== false || typeof reason !== 'string' || reason.trim() === '') return undefined;
  return shortenText(escapeControlCharacters(reason.trim()).replace(/\.+$/, ''), 500);
}

/** Why a call no allow rule matched is denied, in words that say what to change. */
export function denialWithoutMatch(
  tool: Tool,
  allowRules: readonly PermissionRule[],
  call: CallUnderJudgement,
  lexicalOnly: boolean,
): string {
  if (allowRules.length === 0)
    return `Permission denied: ${tool.name} is not in the allow list. Add ${tool.name} or ${tool.name}(pattern) to allow it.`;
  const listed = allowRules.map((rule) => rule.source).join(', ');
  const problem = call.pathProblem();
  if (problem !== undefined) return `Permission denied: ${call.describe()} cannot be judged. ${problem}`;
  if (lexicalOnly)
    return `Permission denied: ${call.describe()} leaves what the allow rules cover (${listed}) through a symbolic link.`;
  if (call.subject === undefined && typeof tool.matchesPermissionPattern !== 'function') {
    return `Permission denied: ${tool.name} is allowed only with a pattern (${listed}), but it exposes nothing to match the pattern against.`;
  }
  if (call.subject !== undefined && call.subject.value === '') {
    return `Permission denied: this ${tool.name} call has an empty ${call.subject.kind === 'PATH' ? 'path' : 'command'}, which no pattern matches.`;
  }
  return `Permission denied: ${call.describe()} matches no allow rule (${listed}).`;
}
