import { isPlainObject } from '@toolwright/core/internal';
import { randomUUID } from 'node:crypto';

/**
 * The calls of 2025-revision HTTP clients that a later `notifications/cancelled` can stop (SPEC
 * MP-3). Those revisions cancel with a separate POST naming the request id, and the server
 * answers each POST statelessly, so nothing ties the two POSTs but a session id: the server
 * gives one to each client at `initialize` (a random UUID, `Mcp-Session-Id`), the client sends it
 * with every request, and a cancellation stops the call of that session with that id only. The
 * session id carries no state: a request without one is served as before, and is stopped only
 * by the client going away. Nothing is kept but the calls running now.
 */
export class HttpCancellations {
  readonly #calls = new Map<string, AbortController>();

  /** A session id for a client that is initialising. */
  static newSession(): string {
    return randomUUID();
  }

  /**
   * Makes a `tools/call` of a session stoppable: the signal aborts when that session cancels the
   * call's id; `release` forgets it once answered. Undefined for anything else (no session, a
   * batch, a notification, another method).
   */
  track(session: string | undefined, message: unknown): { signal: AbortSignal; release(): void } | undefined {
    if (session === undefined || !isPlainObject(message) || message.method !== 'tools/call') return undefined;
    const key = callKey(session, message.id);
    if (key === undefined) return undefined;
    const controller = new AbortController();
    this.#calls.set(key, controller);
    return {
      signal: controller.signal,
      release: () => {
        if (this.#calls.get(key) === controller) this.#calls.delete(key);
      },
    };
  }

  /** Stops the call a `notifications/cancelled` of this session names, if it is running. */
  cancel(session: string | undefined, message: unknown): void {
    if (session === undefined || !isPlainObject(message) || message.method !== 'notifications/cancelled') return;
    const params = message.params;
    if (!isPlainObject(params)) return;
    const key = callKey(session, params.requestId);
    if (key === undefined) return;
    const reason = typeof params.reason === 'string' ? params.reason : 'The client cancelled the call.';
    this.#calls.get(key)?.abort(new Error(reason));
  }
}

/** The key of a session's request id: a string or an integer id (JSON-RPC's), else none. */
function callKey(session: string, id: unknown): string | undefined {
  if (typeof id === 'string') return `${session}\u0000s${id}`;
  if (Number.isSafeInteger(id)) return `${session}\u0000n${String(id)}`;
  return undefined;
}
