// A throwaway Redis for tests: /usr/bin/redis-server on 127.0.0.1 on a free port, with its own temp
// folder, no snapshots and (unless asked) no append-only file; a TLS port with a certificate made for
// the run when asked. It fails with the server's own output when it does not come up — nothing is
// skipped. Also a listener that accepts and never answers.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './free-port.mjs';
import { startTcpServer, type TcpServer } from './tcp-server.js';

const REDIS_SERVER = 'redis-server';
/** How long a server may take to answer PING after it was started: generous, the machine is loaded. */
const START_DEADLINE_MS = 30_000;

/** How to start the test server. */
export interface RedisFixtureOptions {
  /** Keep every write in an append-only file fsynced at once, so that a restart keeps the keys. Default false. */
  readonly persistent?: boolean;
  /** A password the server requires (`--requirepass`). Default none. */
  readonly password?: string;
  /** Also listen for TLS on another port, with a self-signed certificate for 127.0.0.1 made for the run. Default false. */
  readonly tls?: boolean;
}

/** A running test redis-server and how to reach it. */
export interface RedisFixture {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** `redis://127.0.0.1:<port>` (without the password). */
  readonly url: string;
  /** The server's working folder (`--dir`): its append-only file, when persistent, and its certificate. */
  readonly folder: string;
  /** With `tls`: the TLS port, and the self-signed certificate (PEM) a client must trust to connect to it. */
  readonly tls?: { readonly port: number; readonly certificate: string };
  /** The running server's pid (of the latest start). */
  readonly pid: number;
  /** What the server printed so far, over all its starts. */
  output(): string;
  /** Stops the server (SIGTERM, and waits for it to exit) but keeps its folder: Redis is down. */
  halt(): Promise<void>;
  /** Starts the server again on the same port and folder, and waits until it answers. */
  resume(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Starts a throwaway redis-server; rejects with its output when it does not answer within 30 s. */
export async function startRedis(options: RedisFixtureOptions = {}): Promise<RedisFixture> {
  const folder = mkdtempSync(join(tmpdir(), 'toolwright-redis-'));
  const port = await freePort();
  const tls = options.tls === true ? { port: await freePort(), certificate: selfSignedCertificate(folder) } : undefined;
  const settings = [
    ...['--port', String(port), '--bind', '127.0.0.1', '--dir', folder, '--save', ''],
    ...['--appendonly', options.persistent === true ? 'yes' : 'no', '--appendfsync', 'always'],
    ...(options.password === undefined ? [] : ['--requirepass', options.password]),
    ...(tls === undefined ? [] : ['--tls-port', String(tls.port), '--tls-auth-clients', 'no']),
    ...(tls === undefined
      ? []
      : ['--tls-cert-file', join(folder, 'server.crt'), '--tls-key-file', join(folder, 'server.key')]),
  ];
  let output = '';
  let server: RunningServer;
  try {
    server = await listen(settings, port, (text) => (output += text));
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    url: `redis://127.0.0.1:${port}`,
    folder,
    ...(tls === undefined ? {} : { tls }),
    get pid() {
      return server.pid;
    },
    output: () => output,
    halt: () => server.stop(),
    async resume() {
      server = await listen(settings, port, (text) => (output += text));
    },
    async stop() {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Makes `server.key` and a self-signed `server.crt` for 127.0.0.1 in `folder` with openssl; the certificate's PEM. */
function selfSignedCertificate(folder: string): string {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'],
      ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ...['-keyout', join(folder, 'server.key'), '-out', join(folder, 'server.crt')],
    ],
    { stdio: 'pipe' },
  );
  return readFileSync(join(folder, 'server.crt'), 'utf8');
}

/** One start of redis-server: its pid, and a stop that waits for it to exit. */
interface RunningServer {
  readonly pid: number;
  stop(): Promise<void>;
}

/** Runs redis-server with `settings` until it answers PING on `port`; rejects with its output after 30 s or when it exits. */
async function listen(
  settings: readonly string[],
  port: number,
  record: (text: string) => void,
): Promise<RunningServer> {
  const child = spawn(REDIS_SERVER, settings, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (text: string): void => {
    output += text;
    record(text);
  };
  child.stdout.setEncoding('utf8').on('data', keep);
  child.stderr.setEncoding('utf8').on('data', keep);
  let exited = false;
  const gone = new Promise<void>((resolve) => {
    child.once('error', (error) => {
      keep(`${error.message}\n`);
      resolve();
    });
    child.once('exit', () => resolve());
  }).then(() => (exited = true));
  const deadline = performance.now() + START_DEADLINE_MS;
  while (!(await answersPing(port))) {
    if (exited || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not start on 127.0.0.1:${port}: ${output.trim() || '(no output)'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { pid: child.pid ?? 0, stop: () => stopChild(child, gone, () => exited) };
}

async function stopChild(child: ChildProcess, gone: Promise<unknown>, exited: () => boolean): Promise<void> {
  if (!exited()) child.kill('SIGTERM');
  await gone;
}

/** Whether a Redis server answers on `port`: `+PONG`, or `-NOAUTH` when it requires a password. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let reply = '';
    const finish = (answered: boolean): void => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.setEncoding('utf8').on('data', (text: string) => {
      reply += text;
      if (reply.includes('\r\n')) finish(reply.startsWith('+PONG') || reply.startsWith('-NOAUTH'));
    });
    socket.once('error', () => finish(false));
    socket.setTimeout(5_000, () => finish(false));
  });
}

/** A TCP listener on 127.0.0.1 that accepts connections and never answers (a server that hangs). */
export type SilentListener = TcpServer;

/** Starts a {@link SilentListener} on a free port. */
export function startSilentListener(): Promise<SilentListener> {
  return startTcpServer(() => {});
}
