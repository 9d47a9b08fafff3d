/** How the store talks to Redis, whether through a client it owns or through the host's. */
export interface StoreClient {
  /** `Redis at 127.0.0.1:6379` (or `Redis` when the address is unknown): how messages name the server. */
  readonly server: string;
  /**
   * Sends one command and resolves with the reply; rejects with a RedisApprovalStoreError that says
   * what failed, or that no answer came within `timeoutMs` (connecting included).
   */
  call(timeoutMs: number, command: string, ...args: string[]): Promise<unknown>;
  /** Ends the connection, where the store owns it. */
  close(timeoutMs: number): Promise<void>;
}
