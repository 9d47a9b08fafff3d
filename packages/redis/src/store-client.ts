/** Redis's reply to a command, and whether the command was sent twice to get it. */
export interface CommandReply {
  readonly reply: unknown;
  readonly resent: boolean;
}

/** How the store talks to Redis, whether through a client it owns or through the host's. */
export interface StoreClient {
  /** `Redis at 127.0.0.1:6379` (or `Redis` when the address is unknown): how messages name the server. */
  readonly server: string;
  /**
   * Sends one command and resolves with the reply, and whether it was sent a second time (on a new
   * connection, after the first closed under it: the first may have reached Redis). Rejects with a
   * RedisApprovalStoreError that says what failed, or that no answer came within `timeoutMs`
   * (connecting included).
   */
  call(timeoutMs: number, command: string, ...args: string[]): Promise<CommandReply>;
  /** Ends the connection, where the store owns it. */
  close(timeoutMs: number): Promise<void>;
}

/** How messages name a server: `Redis at 127.0.0.1:6379`, `Redis at [::1]:6379`. */
export function serverAt(host: string, port: number): string {
  return `Redis at ${host.includes(':') ? `[${host}]` : host}:${port}`;
}
