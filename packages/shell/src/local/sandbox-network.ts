// The allowed domains of one sandboxed command (SPEC SB-3): a filtering proxy in this process,
// and a bridge from the sandbox's own 127.0.0.1 to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startFilteringProxy, type FilteringProxy } from '../sandbox/filtering-proxy.js';
import { ShellStartError } from '../shell-start-error.js';
import { signalGroup } from './process-tree.js';

/** The port the bridge listens on inside the sandbox (its network namespace is its own: nothing else is there). */
export const PROXY_PORT = 3128;

/** The variables that point a command's HTTP(S) clients at the bridge: curl, git, npm, pip, Node's fetch with a proxy agent. */
export const PROXY_ENVIRONMENT: Readonly<Record<string, string | undefined>> = Object.freeze({
  HTTP_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
  HTTPS_PROXY: `http://127.0.0.1:${PROXY_PORT}`,
  ALL_PROXY: `socks5h://127.0.0.1:${PROXY_PORT}`,
  http_proxy: `http://127.0.0.1:${PROXY_PORT}`,
  https_proxy: `http://127.0.0.1:${PROXY_PORT}`,
  all_proxy: `socks5h://127.0.0.1:${PROXY_PORT}`,
  // A host's own exceptions would send those hosts around the proxy, where there is no network.
  NO_PROXY: undefined,
  no_proxy: undefined,
});

/** The programs a bridge needs, by absolute path. */
export interface BridgeTools {
  readonly nsenter: string;
  readonly socat: string;
}

/** One command's way out: its refusals so far, and how to close it. */
export interface SandboxNetwork {
  /** What the proxy refused, each as a sentence naming the rule (`x.example is not an allowed domain; allowed: …`). */
  readonly refusals: string[];
  close(): Promise<void>;
}

const BRIDGE_READY_MS = 10_000;

/**
 * Opens the network of the sandbox whose init is `initPid`: a filtering proxy for `allowedDomains`
 * on a Unix socket in a private folder of this process, and `socat` listening on the sandbox's
 * 127.0.0.1:{@link PROXY_PORT} — started in the sandbox's network namespace alone (`nsenter`), so it
 * sees this machine's files but only the sandbox's network — that relays each connection to the
 * proxy. Resolves once the bridge listens; rejects with a ShellStartError (and leaves nothing) when
 * it cannot.
 */
export async function openSandboxNetwork(
  initPid: number,
  allowedDomains: readonly string[],
  tools: BridgeTools,
): Promise<SandboxNetwork> {
  const folder = mkdtempSync(`${tmpdir()}/toolwright-proxy-`);
  const refusals: string[] = [];
  let proxy: FilteringProxy | undefined;
  let bridge: ChildProcess | undefined;
  const close = async (): Promise<void> => {
    if (bridge?.pid !== undefined) signalGroup(bridge.pid, 'SIGKILL');
    await proxy?.close();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    proxy = await startFilteringProxy({
      socketPath: `${folder}/proxy.sock`,
      allowedDomains,
      onRefused: (refusal) => {
        if (refusals.length < 20 && !refusals.includes(refusal.reason)) refusals.push(refusal.reason);
      },
    });
    // An unprivileged user enters the sandbox's user namespace first (it owns the network one); root need not.
    const userNamespace = process.getuid?.() === 0 ? [] : [`--user=/proc/${initPid}/ns/user`, '--preserve-credentials'];
    bridge = spawn(
      tools.nsenter,
      [
        ...userNamespace,
        `--net=/proc/${initPid}/ns/net`,
        '--',
        tools.socat,
        '-d',
        '-d',
        `TCP-LISTEN:${PROXY_PORT},bind=127.0.0.1,fork,reuseaddr`,
        `UNIX-CONNECT:${proxy.socketPath}`,
      ],
      { detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } },
    );
    await listening(bridge);
    return { refusals, close };
  } catch (error) {
    await close();
    throw error instanceof ShellStartError
      ? error
      : new ShellStartError(`The command could not start: its network bridge failed: ${(error as Error).message}`);
  }
}

/** Resolves when socat says it listens; rejects when it ends first or stays silent too long. */
function listening(bridge: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let said = '';
    const fail = (reason: string): void => {
      clearTimeout(timer);
      reject(new ShellStartError(`The command could not start: its network bridge failed: ${reason}`));
    };
    const timer = setTimeout(() => fail('socat did not listen within 10 s'), BRIDGE_READY_MS);
    bridge.once('error', (error) => fail(error.message));
    bridge.once('exit', () => fail(said.trim().split('\n').at(-1) ?? 'socat ended at once'));
    bridge.stderr?.on('data', (chunk: Buffer) => {
      if (said.length < 8_192) said += chunk.toString();
      if (!said.includes('listening on')) return;
      clearTimeout(timer);
      bridge.removeAllListeners('exit');
      // socat logs every connection at this level: read and drop the rest.
      bridge.stderr?.removeAllListeners('data').resume();
      resolve();
    });
  });
}
