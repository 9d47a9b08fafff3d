// One SSH connection to one host, made on first use and made again after it drops.
import type { Client, ClientChannel, ConnectConfig } from 'ssh2';
import { fingerprintOf, judgeHostKey, type HostKeyVerdict } from './host-key.js';
import { SshConnectionError, type SshConnectionFailure } from './ssh-connection-error.js';
import type { SshShellOptions } from './ssh-shell-options.js';

/**
 * Every exec request sets SHLVL=1: bash started by sshd for `-c` reads ~/.bashrc only at shell
 * level 1, so a host whose sshd accepts the variable (`AcceptEnv SHLVL`) skips it; others read it
 * once, in the login shell, before the supervisor's `exec bash --noprofile --norc`.
 */
const EXEC_ENV = { SHLVL: '1' };

function failureOf(error: Error & { code?: string; level?: string }): SshConnectionFailure {
  if (error.level === 'client-authentication') return 'authentication';
  if (error.code === 'ECONNREFUSED') return 'refused';
  return 'connection';
}

/** A connection that is (re)made on demand; `exec` opens one session channel on it. */
export class SshConnection {
  #client: Promise<Client> | undefined;

  constructor(private readonly options: SshShellOptions) {}

  /** `host:port`, for messages. */
  get address(): string {
    return `${this.options.host}:${this.options.port ?? 22}`;
  }

  /** The ready client: the current connection, or a new one. */
  client(): Promise<Client> {
    this.#client ??= this.#connect().catch((error: unknown) => {
      this.#client = undefined;
      throw error;
    });
    return this.#client;
  }

  /**
   * Runs `command` as the exec request of a new session channel, writes `input` to its stdin (a
   * script the request's bootstrap reads first; the input stays open), and hands the channel to
   * `start` at once (in the same tick: its exit and close may arrive in the very next packets).
   */
  async exec<Started>(
    command: string,
    start: (channel: ClientChannel) => Started,
    input?: Buffer,
  ): Promise<Awaited<Started>> {
    const client = await this.client();
    return new Promise<Awaited<Started>>((resolve, reject) => {
      try {
        client.exec(command, { env: EXEC_ENV }, (error, channel) => {
          if (error)
            reject(
              new SshConnectionError(
                `Could not open a session on ${this.address}: ${error.message} (its sshd allows MaxSessions sessions per connection, 10 unless configured)`,
                'connection',
                {
                  cause: error,
                },
              ),
            );
          else {
            if (input !== undefined) channel.write(input);
            resolve(start(channel) as Awaited<Started>);
          }
        });
      } catch (error) {
        this.#client = undefined;
        reject(
          new SshConnectionError(
            `The connection to ${this.address} is gone: ${(error as Error).message}`,
            'connection',
            { cause: error },
          ),
        );
      }
    });
  }

  /** Closes the connection (a later call connects again). */
  end(): void {
    const client = this.#client;
    this.#client = undefined;
    void client?.then((ready) => ready.end()).catch(() => undefined);
  }

  async #connect(): Promise<Client> {
    // Loaded with the first connection: a process that never connects (a local serve) never loads it.
    const { Client: SshClient } = (await import('ssh2')).default;
    const { host, port = 22, hostKey } = this.options;
    let verdict: HostKeyVerdict | undefined;
    const config: ConnectConfig = {
      host,
      port,
      username: this.options.username,
      readyTimeout: this.options.connectTimeoutMs ?? 20_000,
      keepaliveInterval: this.options.keepaliveIntervalMs ?? 5_000,
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        try {
          verdict = judgeHostKey(hostKey, host, port, fingerprintOf(key));
        } catch (error) {
          // A known_hosts file that cannot be read trusts nothing.
          const reason = `The host key of ${host}:${port} cannot be checked: ${(error as Error).message}. Nothing was run on it.`;
          verdict = { trusted: false, reason };
        }
        return verdict.trusted;
      },
      ...(this.options.privateKey === undefined ? {} : { privateKey: this.options.privateKey }),
      ...(this.options.passphrase === undefined ? {} : { passphrase: this.options.passphrase }),
      ...(this.options.agent === undefined ? {} : { agent: this.options.agent }),
    };
    return new Promise((resolve, reject) => {
      const client = new SshClient();
      let ready = false;
      client.on('ready', () => {
        ready = true;
        resolve(client);
      });
      client.on('error', (error: Error & { code?: string; level?: string }) => {
        if (ready) return; // 'close' follows; the next call connects again.
        if (verdict !== undefined && !verdict.trusted) {
          reject(new SshConnectionError(verdict.reason, 'host-key', { cause: error }));
        } else {
          reject(
            new SshConnectionError(
              `Could not connect to ${this.address} as ${this.options.username}: ${error.message}`,
              failureOf(error),
              { cause: error },
            ),
          );
        }
      });
      client.on('close', () => {
        if (!ready)
          reject(new SshConnectionError(`The connection to ${this.address} closed before it was ready.`, 'connection'));
        void this.#client?.then((current) => {
          if (current === client) this.#client = undefined;
        });
      });
      client.connect(config);
    });
  }
}
