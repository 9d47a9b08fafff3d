/** How many calls put to the user are remembered at most; the oldest is forgotten first. */
export const MAX_ASKED_CALLS = 1_000;

/** What {@link AskedCalls.take} knows of a call: asked with this input, asked with another one, or never asked. */
export type AskedCall = 'same-input' | 'other-input' | 'not-asked';

/**
 * The calls an `ask` rule put to a framework's approval flow (the AI SDK's and the Agents SDK's
 * `needsApproval`), by call id and exact input. Both SDKs ask `needsApproval` before they run a
 * call (again after a run state is restored) and run a call that needed approval only once the user
 * approved it; so a call found here with the same input at `execute` time is one the user approved.
 * Each entry is used once; a call the SDK runs without having asked (the verdict changed, or a host
 * called `execute` directly) is not found, and the gate's own approver decides, as for any call.
 */
export class AskedCalls {
  readonly #calls = new Map<string, string>();

  /** Remembers that the call `callId` with this input was put to the user. */
  remember(callId: string, input: unknown): void {
    this.#calls.delete(callId);
    this.#calls.set(callId, fingerprint(input));
    if (this.#calls.size > MAX_ASKED_CALLS) {
      const oldest = this.#calls.keys().next().value;
      if (oldest !== undefined) this.#calls.delete(oldest);
    }
  }

  /** Whether the call `callId` was put to the user, and with this very input; forgets the call. */
  take(callId: string, input: unknown): AskedCall {
    const remembered = this.#calls.get(callId);
    if (remembered === undefined) return 'not-asked';
    this.#calls.delete(callId);
    return remembered === fingerprint(input) ? 'same-input' : 'other-input';
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
    // Input that cannot be written as JSON never matches (not even itself).
    return `unmatchable:${Math.random()}`;
  }
}
