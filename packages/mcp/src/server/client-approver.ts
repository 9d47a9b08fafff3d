import type { ApprovalRefusal, Approver, ApprovalRequest } from '@toolwright/gate';
import { escapeControlCharacters, shortenText } from '@toolwright/core/internal';
import type { ClientCapabilities, Server, ServerContext } from '@modelcontextprotocol/server';

/** How long the client's user has to answer an ask by default: 5 minutes. */
export const DEFAULT_CLIENT_APPROVAL_TIMEOUT_MS = 5 * 60 * 1000;

/** The longest input shown to the client's user, in characters (the rest is cut, saying so). */
const MAX_SHOWN_INPUT = 2_000;

/** The one question: a yes-or-no the user must give, so an accept without it is no yes. */
export const approveSchema = () => ({
  type: 'object' as const,
  properties: {
    approve: {
      type: 'boolean' as const,
      title: 'Run this call',
      description: 'Yes runs the call once, exactly as shown.',
    },
  },
  required: ['approve'],
});

/**
 * The approver that asks the MCP client's user at a 2025 revision (SPEC MP-5), or undefined when
 * the client cannot be asked that way: it declared no form elicitation, or the request is at
 * revision 2026-07-28 (asked with an `input_required` round trip instead: {@link
 * ./input-required-approval.ts}) — then an ask rule is answered as without an MCP client. The user sees the tool, the input
 * (cut to 2,000 characters), the subject and the rule; the call runs only when they accept with
 * `approve: true`. A decline, a cancel, an accept without that yes, a timeout or a failed request
 * deny it, each saying which. The gate asks about the call it then runs, so what runs is what was shown.
 */
export function clientApprover(server: Server, context: ServerContext, timeoutMs: number): Approver | undefined {
  if (context.mcpReq.envelope !== undefined || !canAskForm(server.getClientCapabilities())) return undefined;
  return async (request) => {
    let answer: Awaited<ReturnType<ServerContext['mcpReq']['elicitInput']>>;
    try {
      // elicitInput is the 2025 revisions' way; they are the only ones this is reached at.
      answer = await context.mcpReq.elicitInput(
        { mode: 'form', message: question(request), requestedSchema: approveSchema() },
        { timeout: timeoutMs, signal: context.mcpReq.signal },
      );
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return { approved: false, reason: `no usable answer came from the client's user (${shortenText(why, 200)})` };
    }
    return answerOf(answer.action, answer.content);
  };
}

/** The approver's answer for the user's: a yes only for an accept with `approve: true`, else a refusal saying which. */
export function answerOf(action: string, content: Record<string, unknown> | undefined): true | ApprovalRefusal {
  if (action === 'accept' && content?.approve === true) return true;
  const reasons: Record<string, string> = {
    accept: "the client's user did not say yes",
    decline: "the client's user declined it",
    cancel: "the client's user dismissed the question",
  };
  return { approved: false, reason: reasons[action] ?? reasons.cancel! };
}

/** True when the client takes form elicitation: `elicitation: {}` (form, the 2025-06-18 meaning) or with `form`. */
export function canAskForm(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation;
  if (elicitation === undefined || elicitation === null) return false;
  const modes = elicitation as { form?: unknown; url?: unknown };
  return modes.form !== undefined || modes.url === undefined;
}

/** What the user reads: the tool, the rule, the subject and the input, on separate lines. */
export function question(request: ApprovalRequest): string {
  let input: string;
  try {
    input = JSON.stringify(request.input.toJSON()) ?? '{}';
  } catch {
    input = '(input that cannot be shown)';
  }
  const shown =
    input.length <= MAX_SHOWN_INPUT
      ? input
      : `${input.slice(0, MAX_SHOWN_INPUT)}… (${input.length - MAX_SHOWN_INPUT} more characters not shown)`;
  const lines = [
    `Allow the tool ${request.tool} to run? The rule ${request.rule} asks for your approval.`,
    ...(request.path === undefined ? [] : [`Path: ${request.path}`]),
    `Input: ${shown}`,
    `Working directory: ${request.cwd}`,
  ];
  // Each line escaped on its own: a line break in a path or a tool's name cannot start a line of its own.
  return lines.map(escapeControlCharacters).join('\n');
}
