/** How many calls put to the user are remembered at most; the oldest is forgotten first. */
export const MAX_REMEMBERED_APPROVALS = 1_000;

/**
 * The calls an `ask` rule put to the AI SDK's approval flow, by tool call id and exact input.
 * The SDK asks `needsApproval` again right before it executes an approved call (and never executes
 * a refused one), so a call found here at `execute` time is one the user approved. Each entry is
 * used once; a call the SDK runs without having asked (the verdict changed, or a host called
 * `execute` directly) is not found, and the gate's own approver decides, as for any call.
 */
export class ApprovedCalls {
  readonly #calls = new Map<string, string>();

  /** Remembers that the call `toolCallId` with this input needs the user's approval. */
  remember(toolCallId: string, input: unknown): void {
    this.#calls.delete(toolCallId);
    this.#calls.set(toolCallId, fingerprint(input));
    if (this.#calls.size > MAX_REMEMBERED_APPROVALS) {
      const oldest = this.#calls.keys().next().value;
      if (oldest !== undefined) this.#calls.delete(oldest);
    }
  }

  /** True, once, when the SDK asked about exactly this call (same id, same input). */
  take(toolCallId: string, input: unknown): boolean {
    const remembered = this.#calls.get(toolCallId);
    if (remembered === undefined) return false;
    this.#calls.delete(toolCallId);
    return remembered === fingerprint(input);
  }

  /** How many calls are remembered. */
  get size(): number {
    return this.#calls.size;
  }
}

function fingerprint(input: unknown): string {
  try {
    return JSON.stringify(input) ?? 'undefined';
  } catch {
    // Input that cannot be written as JSON never matches (not even itself): it is never auto-approved.
    return `unmatchable:${Math.random()}`;
  }
}
