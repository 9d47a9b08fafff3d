// Starting a command inside a bubblewrap sandbox: the sandbox is the command's containment.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { BLOCK_FD, bubblewrapArguments, SECCOMP_FD, STATUS_FD, unreadablePlaceholder } from '../sandbox/bubblewrap.js';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';
import { seccompFilter } from '../sandbox/seccomp-filter.js';
import { ShellStartError } from '../shell-start-error.js';
import { signalGroup } from './process-tree.js';
import { openSandboxNetwork, PROXY_ENVIRONMENT, type BridgeTools, type SandboxNetwork } from './sandbox-network.js';
import { SandboxTree } from './sandbox-tree.js';

/** What a sandboxed start needs: where bubblewrap is, the policy for this command, and the command. */
export interface SandboxedStart {
  readonly bubblewrap: string;
  readonly policy: ResolvedSandboxPolicy;
  /** The host folder the command sees as /tmp. */
  readonly privateTmp: string;
  readonly bashPath: string;
  readonly command: string;
  readonly marker: string;
  readonly env: NodeJS.ProcessEnv;
  /** What bridges the sandbox to its proxy; needed when the policy allows domains. */
  readonly bridge?: BridgeTools;
}

/**
 * Starts `bwrap … bash -c command` as the leader of a new session (stdin closed, stdout and stderr
 * piped) and resolves once bubblewrap has made the sandbox's namespaces and named its init.
 * Rejects with a ShellStartError when bubblewrap could not start or gave up before that (its own
 * message is kept).
 */
export function startSandboxed(
  start: SandboxedStart,
): Promise<{ child: ChildProcess; tree: SandboxTree; policy: ResolvedSandboxPolicy }> {
  const name = start.bashPath.slice(start.bashPath.lastIndexOf('/') + 1);
  const places = { privateTmp: start.privateTmp, unreadable: unreadablePlaceholder() };
  const domains = start.policy.allowedDomains;
  const args = bubblewrapArguments(start.policy, places, {
    bashPath: start.bashPath,
    command: start.command,
    name,
    // With a network, the command waits (for a byte on BLOCK_FD) until its bridge listens.
    block: domains.length > 0,
    report: true,
  });
  const env = domains.length === 0 ? start.env : withProxy(start.env);
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn(start.bubblewrap, args, {
        cwd: '/',
        env,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', 'pipe'],
        argv0: 'bwrap',
      });
    } catch (error) {
      reject(new ShellStartError(`The command could not start: ${(error as Error).message}`, { cause: error }));
      return;
    }
    const filter = child.stdio[SECCOMP_FD] as Writable;
    const status = child.stdio[STATUS_FD] as Readable;
    filter.on('error', () => undefined);
    filter.end(seccompFilter(start.policy.allowUnixSockets));
    let reported = '';
    let settled = false;
    const fail = (reason: string): void => {
      if (settled) return;
      settled = true;
      reject(new ShellStartError(`The command could not start: its sandbox could not be made: ${reason}`));
    };
    // What bubblewrap said before it gave up: stderr is left paused until then, so nothing the
    // command writes later is read (and lost) here.
    const errors = (): string =>
      (child.stderr?.read() as Buffer | null)
        ?.toString()
        .trim()
        .replace(/^bwrap: /, '') || 'bubblewrap ended at once';
    child.once('error', (error) => fail(error.message));
    status.on('data', (chunk: Buffer) => {
      if (settled) return;
      reported += chunk.toString();
      const init = /"child-pid":\s*(\d+)[,\s}]/.exec(reported);
      if (init === null) return;
      settled = true;
      const initPid = Number(init[1]);
      const made = (network?: SandboxNetwork) => ({
        child,
        tree: new SandboxTree(child.pid as number, start.marker, initPid, network),
        policy: start.policy,
      });
      if (domains.length === 0) {
        resolve(made());
        return;
      }
      const block = (child.stdio as unknown as Writable[])[BLOCK_FD] as Writable;
      block.on('error', () => undefined);
      openSandboxNetwork(initPid, domains, start.bridge as BridgeTools).then(
        (network) => {
          block.end('go');
          resolve(made(network));
        },
        (error: unknown) => {
          // Nothing ran: the command still waits for its byte. The sandbox is killed with it.
          signalGroup(child.pid as number, 'SIGKILL');
          reject(error as Error);
        },
      );
    });
    status.once('end', () => {
      // The status stream ended without naming an init: bubblewrap gave up before making the sandbox.
      if (settled) return;
      if (child.exitCode !== null || child.signalCode !== null) fail(errors());
      else child.once('exit', () => fail(errors()));
    });
  });
}

/** The environment with the proxy variables set (and a host's NO_PROXY removed). */
function withProxy(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const proxied = { ...env };
  for (const [name, value] of Object.entries(PROXY_ENVIRONMENT)) {
    if (value === undefined) delete proxied[name];
    else proxied[name] = value;
  }
  return proxied;
}
