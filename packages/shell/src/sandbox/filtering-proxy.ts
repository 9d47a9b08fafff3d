// The filtering proxy a sandboxed command reaches the network through (SPEC SB-3): a Unix socket on the host.
import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { isAbsolute } from 'node:path';
import { callListener, millisecondsProblem } from '@toolwright/core/internal';
import { ShellOptionsError } from '../shell-options-error.js';
import { ShellStartError } from '../shell-start-error.js';
import { checkDomainRule } from './domain-rules.js';
import { HandshakeReader } from './handshake-reader.js';
import { MAXIMUM_HEAD_BYTES } from './http-proxy-head.js';
import { serveHttpProxy } from './http-proxy-connection.js';
import type { ProxyConnection, ProxyRefusal } from './proxy-connection.js';
import { serveSocks5 } from './socks5-connection.js';

export type { ProxyRefusal } from './proxy-connection.js';

/** How a {@link startFilteringProxy} proxy is set up. */
export interface FilteringProxyOptions {
  /** The absolute path of the Unix socket to listen on; nothing may exist there yet. Its folder should be private. */
  readonly socketPath: string;
  /** The domain rules (see `checkDomainRule`): the only destinations reached. Empty: every connection is refused. */
  readonly allowedDomains: readonly string[];
  /** Called once for each refused connection, with the host, port and the reason the client was given. Its throws are ignored. */
  readonly onRefused?: (refusal: ProxyRefusal) => void;
  /** How long a client has to say where it goes before it is disconnected. Default 10 000 ms. */
  readonly handshakeTimeoutMs?: number;
  /** How long resolving and connecting to a destination may take. Default 10 000 ms. */
  readonly connectTimeoutMs?: number;
}

/** A running filtering proxy. */
export interface FilteringProxy {
  /** The Unix socket it listens on. */
  readonly socketPath: string;
  /** Stops listening, destroys every open connection (tunnels included) and removes the socket. */
  close(): Promise<void>;
}

/**
 * Starts the proxy sandboxed commands reach HTTP(S) through (SPEC SB-3): one Unix socket that
 * speaks SOCKS5 (when the first byte is 5) and HTTP (CONNECT, and absolute-form requests). Only
 * the allowed domains are reached, by name, resolved on the host; IP addresses are always refused.
 * Rejects with a ShellOptionsError for a bad option or rule, a ShellStartError when it cannot listen.
 */
export async function startFilteringProxy(options: FilteringProxyOptions): Promise<FilteringProxy> {
  const settings = checkedSettings(options);
  const sockets = new Set<Socket>();
  let closing: Promise<void> | undefined;
  const track = (socket: Socket): void => {
    if (closing !== undefined) socket.destroy();
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer({ allowHalfOpen: true });
  server.on('connection', (client: Socket) => {
    track(client);
    acceptConnection(client, { ...settings, track });
  });
  await listen(server, options.socketPath);
  // Errors of accept (EMFILE) come to the server; the server goes on listening.
  server.on('error', () => undefined);
  return {
    socketPath: options.socketPath,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          rmSync(options.socketPath, { force: true });
          resolve();
        });
        for (const socket of sockets) socket.destroy();
      })),
  };
}

type ProxySettings = Pick<ProxyConnection, 'allowedDomains' | 'connectTimeoutMs' | 'lingerMs' | 'reportRefusal'> & {
  readonly handshakeTimeoutMs: number;
};

function acceptConnection(client: Socket, settings: ProxySettings & Pick<ProxyConnection, 'track'>): void {
  client.on('error', () => client.destroy());
  const timer = setTimeout(() => client.destroy(), settings.handshakeTimeoutMs);
  client.once('close', () => clearTimeout(timer));
  const reader = new HandshakeReader(client, MAXIMUM_HEAD_BYTES);
  const connection: ProxyConnection = { ...settings, client, reader, endHandshake: () => clearTimeout(timer) };
  const served = reader
    .read((buffer) => (buffer.length === 0 ? undefined : { value: buffer[0], length: 0 }))
    .then((first) => {
      if (!first.ok) {
        reader.release();
        client.destroy();
        return;
      }
      return first.value === 0x05 ? serveSocks5(connection) : serveHttpProxy(connection);
    });
  served.catch(() => client.destroy());
}

function checkedSettings(options: FilteringProxyOptions): ProxySettings {
  if (typeof options.socketPath !== 'string' || !isAbsolute(options.socketPath))
    throw new ShellOptionsError(`socketPath must be an absolute path, not ${JSON.stringify(options.socketPath)}`);
  for (const rule of options.allowedDomains) {
    const problem = checkDomainRule(rule);
    if (problem !== undefined) throw new ShellOptionsError(problem);
  }
  const handshakeTimeoutMs = positive('handshakeTimeoutMs', options.handshakeTimeoutMs ?? 10_000);
  const onRefused = options.onRefused;
  return {
    allowedDomains: [...options.allowedDomains],
    connectTimeoutMs: positive('connectTimeoutMs', options.connectTimeoutMs ?? 10_000),
    handshakeTimeoutMs,
    lingerMs: handshakeTimeoutMs,
    // A host's callback cannot break the proxy.
    reportRefusal: (refusal) => callListener(onRefused, refusal),
  };
}

function positive(name: string, value: number): number {
  const problem = millisecondsProblem(name, value);
  if (problem !== undefined) throw new ShellOptionsError(problem);
  return value;
}

function listen(server: Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error) =>
      reject(
        new ShellStartError(`The sandbox's network proxy could not listen on ${socketPath}: ${error.message}`, {
          cause: error,
        }),
      ),
    );
    server.listen(socketPath, () => {
      server.removeAllListeners('error');
      try {
        chmodSync(socketPath, 0o600);
        resolve();
      } catch (error) {
        server.close();
        reject(
          new ShellStartError(
            `The sandbox's network proxy could not make ${socketPath} private: ${(error as Error).message}`,
            { cause: error },
          ),
        );
      }
    });
  });
}
