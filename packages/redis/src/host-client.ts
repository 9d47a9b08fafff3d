import { describeFailure } from './describe-failure.js';
import { RedisApprovalStoreError } from './redis-approval-store-error.js';
import type { RedisCommandClient } from './redis-command-client.js';
import { serverAt, type CommandReply, type StoreClient } from './store-client.js';
import { withDeadline } from './with-deadline.js';

/** The host's client, as the store uses it: commands only; its connection stays the host's to manage. */
export class HostClient implements StoreClient {
  readonly #client: RedisCommandClient;
  readonly #password: string | undefined;
  readonly server: string;

  constructor(client: RedisCommandClient) {
    this.#client = client;
    // An ioredis client says where it connects, and with which password (to keep out of messages).
    const { host, port, password } = ((client as { options?: unknown }).options ?? {}) as Record<string, unknown>;
    this.server = typeof host === 'string' && typeof port === 'number' ? serverAt(host, port) : 'Redis';
    this.#password = typeof password === 'string' ? password : undefined;
  }

  call(timeoutMs: number, command: string, ...args: string[]): Promise<CommandReply> {
    const late = () =>
      new RedisApprovalStoreError(`${this.server} did not answer within ${timeoutMs} ms`, 'unreachable');
    return withDeadline(this.#send(command, args), timeoutMs, late);
  }

  async #send(command: string, args: readonly string[]): Promise<CommandReply> {
    try {
      return { reply: await this.#client.call(command, ...args), resent: false };
    } catch (error) {
      throw new RedisApprovalStoreError(describeFailure(error, this.server, this.#password), 'unreachable');
    }
  }

  async close(): Promise<void> {}
}
