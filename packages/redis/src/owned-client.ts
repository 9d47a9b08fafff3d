import { Redis } from 'ioredis';
import { describeFailure } from './describe-failure.js';
import { RedisApprovalStoreError } from './redis-approval-store-error.js';
import type { ConnectionSettings } from './redis-url.js';
import { serverAt, type CommandReply, type StoreClient } from './store-client.js';
import { withDeadline } from './with-deadline.js';

/**
 * The ioredis client a store makes and owns. It connects when a command needs it — one fresh
 * attempt per command while Redis is down, never a queue that waits for a reconnect — and says
 * what failed in one line that names the server and never the password. The store's own deadline
 * is the only timeout: a connection that missed it is dropped, and the next command gets a new
 * client, so nothing late from the old one (a reply, an error) reaches it.
 */
export class OwnedClient implements StoreClient {
  readonly #connection: ConnectionSettings;
  readonly server: string;
  #client: Redis;
  /** The connection being made, and for which client. */
  #connecting: { readonly client: Redis; readonly done: Promise<void> } | undefined;
  /** The last error the current client reported about its connection. */
  #lastError: unknown;

  constructor(connection: ConnectionSettings) {
    this.#connection = connection;
    const { host, port } = connection;
    this.server = serverAt(host, port);
    this.#client = this.#create();
  }

  /** Sends one command, connecting first when there is no ready connection. */
  call(timeoutMs: number, command: string, ...args: string[]): Promise<CommandReply> {
    const attempt: Attempt = { client: this.#client, abandoned: false };
    return withDeadline(this.#send(attempt, command, args, true), timeoutMs, () => {
      const late = new RedisApprovalStoreError(lateness(this.server, attempt.client, timeoutMs), 'unreachable');
      attempt.abandoned = true;
      this.#drop(attempt.client);
      return late;
    });
  }

  /** Ends the connection: QUIT, or a plain disconnect when Redis does not answer it within `timeoutMs`. */
  async close(timeoutMs: number): Promise<void> {
    const client = this.#client;
    if (client.status === 'ready') {
      await withDeadline(client.quit(), timeoutMs, () => new Error('QUIT got no answer')).catch(() => undefined);
    }
    client.disconnect();
  }

  #create(): Redis {
    const { host, port, username, password, tls } = this.#connection;
    const client = new Redis({
      host,
      port,
      ...(username === undefined ? {} : { username }),
      ...(password === undefined ? {} : { password }),
      ...(tls ? { tls: {} } : {}),
      lazyConnect: true,
      enableReadyCheck: false,
      enableOfflineQueue: false,
      retryStrategy: () => null,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      autoResubscribe: false,
    });
    client.on('error', (error: unknown) => {
      if (client === this.#client) this.#lastError = error;
    });
    return client;
  }

  /**
   * Sends on `attempt.client`, connecting first when it is not ready. A connection that was ready
   * but turns out closed (Redis restarted, an idle connection cut on the way) gets one more try on
   * a new one, and the reply says so: the first try may have reached Redis. Never after the
   * deadline: a command the store gave up on is not sent again.
   */
  async #send(attempt: Attempt, command: string, args: readonly string[], mayResend: boolean): Promise<CommandReply> {
    const { client } = attempt;
    const wasReady = client.status === 'ready';
    if (!wasReady) await this.#connect(client);
    try {
      return { reply: await client.call(command, ...args), resent: !mayResend };
    } catch (error) {
      if (!(mayResend && wasReady && !attempt.abandoned && isConnectionLoss(error))) throw this.#failure(error);
      this.#drop(client);
      attempt.client = this.#client;
      return this.#send(attempt, command, args, false);
    }
  }

  /** Gives up on `client` (it missed a deadline, failed to connect, or lost its connection): the next command gets a new client. */
  #drop(client: Redis): void {
    if (client === this.#client) this.#client = this.#create();
    client.disconnect();
  }

  /** Connects `client`, or waits for its connection already being made. */
  #connect(client: Redis): Promise<void> {
    if (this.#connecting?.client !== client) {
      const done = this.#attempt(client).finally(() => {
        if (this.#connecting?.client === client) this.#connecting = undefined;
      });
      this.#connecting = { client, done };
    }
    return this.#connecting.done;
  }

  /**
   * Connects `client` and selects the database. The store sends SELECT itself: ioredis would only
   * report a refused SELECT as an event and go on in database 0, a record other gates may not share.
   */
  async #attempt(client: Redis): Promise<void> {
    this.#lastError = undefined;
    try {
      await client.connect();
      if (this.#connection.database !== 0) await client.call('SELECT', String(this.#connection.database));
    } catch (error) {
      const failure = this.#failure(error);
      this.#drop(client);
      throw failure;
    }
  }

  /** The error to reject with: what the connection reported, else what the command was told. */
  #failure(error: unknown): RedisApprovalStoreError {
    const server = this.server;
    if (isClosedClient(error) && this.#lastError === undefined) {
      return new RedisApprovalStoreError(`${server} closed the connection before it answered`, 'unreachable');
    }
    const cause = isClosedClient(error) ? this.#lastError : error;
    return new RedisApprovalStoreError(describeFailure(cause, server, this.#connection.password), 'unreachable');
  }
}

/** One command's way through the store's client: the client it is on now, and whether its deadline passed. */
interface Attempt {
  client: Redis;
  abandoned: boolean;
}

/** Why `client` got no answer in time, by how far its connection got: not accepted, accepted but silent, or ready and silent. */
function lateness(server: string, client: Redis, timeoutMs: number): string {
  if (client.status === 'connecting') return `${server} did not accept the connection within ${timeoutMs} ms`;
  if (client.status === 'connect')
    return `${server} accepted the connection but gave no Redis answer within ${timeoutMs} ms`;
  return `${server} did not answer within ${timeoutMs} ms`;
}

/** Whether ioredis refused a command because the connection is gone (closed, or closing before the command went out). */
function isClosedClient(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return message === 'Connection is closed.' || message.startsWith("Stream isn't writeable");
}

/** Whether a command failed because its connection closed under it (not because Redis refused it). */
function isConnectionLoss(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return isClosedClient(error) || code === 'ECONNRESET' || code === 'EPIPE';
}
