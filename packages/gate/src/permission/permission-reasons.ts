import type { Tool } from '@toolwright/core';
import type { CallUnderJudgement } from './call-under-judgement.js';
import type { JsonObject } from '@toolwright/core';
import { escapeControlCharacters, isPlainObject, shortenText } from '@toolwright/core/internal';
import type { ApprovalGrant, ApprovalRefusal, Approver, PermissionDecision } from './permission-config.js';
import type { PermissionRule } from './permission-rule.js';

/**
 * Adds the rule an approver's "always" names for the tool of the call it approved (the ask rule's
 * tool too); `undefined` when it was added, else why it cannot be.
 */
export type AddRule = (source: string, tool: Tool, askRule: PermissionRule) => string | undefined;

/**
 * Asks the host's approver about a call an ask rule matched (SPEC RU-4); no approver, a throw, or
 * an answer that is not one of the approver's forms denies.
 */
export async function askApprover(
  rule: PermissionRule,
  call: CallUnderJudgement,
  approver: Approver | undefined,
  addRule: AddRule,
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
  const grant = grantOf(answer);
  if (grant === undefined) {
    const given = refusalReason(answer);
    return {
      ...decided,
      allowed: false,
      reason: `Permission denied: ${call.describe()} was not approved (${rule.source})${given === undefined ? '' : `: ${given}`}.`,
    };
  }
  const unusable = (why: string) => ({
    ...decided,
    allowed: false,
    reason: `Permission denied: ${call.describe()} was approved (${rule.source}), but the approver's answer cannot be used: ${why}.`,
  });
  if ('problem' in grant) return unusable(grant.problem);
  if (grant.input !== undefined) {
    return {
      ...decided,
      allowed: false,
      editedInput: grant.input,
      reason: `${call.describe()} was approved with edited input (${rule.source}): the edited call is judged again.`,
    };
  }
  if (grant.always !== undefined) {
    const source = grant.always === true ? rule.source : grant.always;
    const refused = addRule(source, call.tool, rule);
    if (refused !== undefined) return unusable(`the rule '${shortenText(source, 200)}' cannot be added: ${refused}`);
    return {
      ...decided,
      allowed: true,
      addedRule: source,
      reason: `Approved under ${rule.source}, always: ${source} now allows calls like it.`,
    };
  }
  return { ...decided, allowed: true, reason: `Approved under ${rule.source}.` };
}

/** The keys an {@link ApprovalGrant} may have: a misspelt one (`inptu`) must not run the call as it was sent. */
const GRANT_KEYS = new Set(['approved', 'input', 'always']);

/** An approver's "yes" as an object, checked; `undefined` when the answer is not one. */
function grantOf(
  answer: unknown,
): { readonly input?: JsonObject; readonly always?: true | string } | { readonly problem: string } | undefined {
  if (typeof answer !== 'object' || answer === null || (answer as ApprovalGrant).approved !== true) return undefined;
  const unknown = Object.keys(answer).filter((key) => !GRANT_KEYS.has(key));
  if (unknown.length > 0)
    return {
      problem: `it has ${unknown.length === 1 ? 'a key' : 'keys'} an approval does not have (${unknown.map((key) => `'${shortenText(key, 50)}'`).join(', ')})`,
    };
  const { input, always: given } = answer as { input?: unknown; always?: unknown };
  const always = given === false ? undefined : given;
  if (input !== undefined && !isPlainObject(input)) return { problem: 'the edited input is not a JSON object' };
  if (always !== undefined && always !== true && (typeof always !== 'string' || always.trim() === ''))
    return { problem: "'always' is neither true nor a rule" };
  if (input !== undefined && always !== undefined)
    return { problem: 'it both edits the input and adds a rule; an approval does one or the other' };
  return {
    ...(input === undefined ? {} : { input: input as JsonObject }),
    ...(always === undefined ? {} : { always: always as true | string }),
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
