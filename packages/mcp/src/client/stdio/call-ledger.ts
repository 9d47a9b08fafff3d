import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type RequestId,
} from '@modelcontextprotocol/client';

/**
 * What is in flight between the client and one server process: the client's requests that wait
 * for an answer, and the server's requests that wait for the client's. A transport that answers a
 * call itself takes it off here, and an answer of the client to a request of a process that is
 * gone is not passed on to the next one (whose ids may coincide).
 */
export class CallLedger {
  readonly #pending = new Set<RequestId>();
  readonly #serverRequests = new Set<RequestId>();

  /** Notes a message the client sends; false for an answer to a request this ledger does not hold. */
  sent(message: JSONRPCMessage): boolean {
    if (isJSONRPCRequest(message)) this.#pending.add(message.id);
    else if (isCancellation(message)) this.#pending.delete((message.params as { requestId: RequestId }).requestId);
    else if (!isJSONRPCNotification(message))
      return message.id !== undefined && this.#serverRequests.delete(message.id);
    return true;
  }

  /** Notes a message the server sent. */
  received(message: JSONRPCMessage): void {
    if (isJSONRPCRequest(message)) this.#serverRequests.add(message.id);
    else if (!isJSONRPCNotification(message) && message.id !== undefined) this.#pending.delete(message.id);
  }

  /** Takes a request of the client off the ledger; true when it was waiting. */
  settle(id: RequestId): boolean {
    return this.#pending.delete(id);
  }

  /** The requests of the client still waiting. */
  pending(): RequestId[] {
    return [...this.#pending];
  }

  /** Forgets the requests of the server: its process is gone. */
  forgetServerRequests(): void {
    this.#serverRequests.clear();
  }
}

/** True for the client's `notifications/cancelled`: it gave up on a call. */
export function isCancellation(message: JSONRPCMessage): message is JSONRPCNotification {
  return isJSONRPCNotification(message) && message.method === 'notifications/cancelled';
}
