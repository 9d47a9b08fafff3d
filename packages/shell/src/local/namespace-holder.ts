// The PID namespace a command runs in: made and held by `unshare`, entered by `nsenter`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { ShellStartError } from '../shell-start-error.js';
import { findExecutable } from '../find-executable.js';
import { readProcess } from './process-table.js';
import { signalEach } from './process-tree.js';

/** The programs a PID namespace needs, by absolute path: util-linux's `unshare` and `nsenter`, coreutils' `env`. */
export interface NamespaceTools {
  readonly unshare: string;
  readonly nsenter: string;
  readonly env: string;
}

/** The name the namespace's init shows in `ps` inside the namespace. */
export const NAMESPACE_INIT_NAME = 'toolwright-init';

// PID 1 of the namespace: says it is ready (unshare has mounted the namespace's /proc by then),
// lets go of its output, and reaps orphans until its input ends — when the holder's stdin pipe is
// closed, by us or because this process died. When it exits, the kernel kills the namespace.
const INIT = 'echo ready; exec >/dev/null 2>&1; while read -r _; do :; done';

// The mount namespace exists only for the namespace's own /proc. As a slave of the host's mounts, it
// sees every mount the host makes while the command runs; the /proc mounted in it stays in it.
function holderArguments(bashPath: string): string[] {
  const rename = `exec -a ${NAMESPACE_INIT_NAME} "$0" -c "$1"`;
  const namespace = ['--pid', '--fork', '--kill-child', '--mount-proc', '--propagation', 'slave'];
  return [...namespace, '--', bashPath, '-c', rename, bashPath, INIT];
}

/**
 * How a command enters the namespace held by `holderPid`, after `nsenter`: its PID and mount
 * namespaces, then `env --chdir`, so that the working directory is looked up *inside* the mount
 * namespace. (`nsenter --wd` opens it before entering: the command's cwd would then stay on the
 * host's mounts while absolute paths resolve on the namespace's copies of them, and a hard link
 * or a rename between the two fails with EXDEV, "Invalid cross-device link".)
 */
export function enterArguments(tools: NamespaceTools, holderPid: number | string, cwd: string): string[] {
  const namespaces = [`--pid=/proc/${holderPid}/ns/pid_for_children`, `--mount=/proc/${holderPid}/ns/mnt`];
  return [...namespaces, '--', tools.env, `--chdir=${cwd}`, '--'];
}

/**
 * A new PID namespace (and mount namespace, for its own /proc) whose init does nothing but reap:
 * the holder (`unshare`) is a child of this process, so it is reaped here, and it reaps the init.
 * Commands enter it with `nsenter`, which forks them into it as ordinary processes (not PID 1:
 * they die of signals as anywhere) and ends as they end, with their exit code or by their signal.
 */
export class NamespaceHolder {
  private constructor(
    private readonly child: ChildProcess,
    readonly pid: number,
    private readonly tools: NamespaceTools,
  ) {}

  /** Starts the holder and waits until its init is ready; rejects with a ShellStartError when it cannot. */
  static start(tools: NamespaceTools, bashPath: string): Promise<NamespaceHolder> {
    const child = spawn(tools.unshare, holderArguments(bashPath), {
      cwd: '/',
      // SHLVL: bash would otherwise take a socket on stdin for a remote login and read ~/.bashrc.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', SHLVL: '1' },
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new Promise((resolve, reject) => {
      let output = '';
      let errors = '';
      const fail = (reason: string): void => {
        child.stdin?.destroy();
        reject(new ShellStartError(`The command could not start: its PID namespace could not be made: ${reason}`));
      };
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (!output.includes('ready\n')) return;
        child.stdout?.destroy();
        child.stderr?.removeAllListeners('data').resume();
        child.removeAllListeners('exit');
        resolve(new NamespaceHolder(child, child.pid as number, tools));
      });
      child.once('error', (error) => fail(error.message));
      child.once('exit', () => fail(errors.trim() || 'unshare ended at once'));
    });
  }

  /** What `nsenter` needs before the command to enter this namespace in `cwd` (see {@link enterArguments}). */
  enterArguments(cwd: string): string[] {
    return enterArguments(this.tools, this.pid, cwd);
  }

  /** The namespace's init (its pid here), while it lives. */
  private init(): number | undefined {
    return readChildren(this.pid).find((pid) => readProcess(pid)?.state !== 'Z');
  }

  /**
   * Ends the namespace: its init's input is closed and it is SIGKILLed; the kernel kills every
   * process in it. Once the holder has ended (after its init), there is nothing left to do — and
   * its pid may belong to another process by then, so it is not looked at again.
   */
  close(): void {
    this.child.stdin?.destroy();
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const init = this.init();
    if (init !== undefined) signalEach([init], 'SIGKILL');
  }
}

/** The children of a process, from `/proc/<pid>/task/<pid>/children`, else a scan of every process. */
function readChildren(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter((field) => field.trim() !== '')
      .map(Number);
  } catch {
    // A kernel without CONFIG_PROC_CHILDREN.
  }
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  return names.filter((name) => /^\d+$/.test(name) && readProcess(Number(name))?.parentPid === pid).map(Number);
}

/** `unshare`, `nsenter` and `env` from PATH or the usual system folders, or `undefined` when one is missing. */
export function findNamespaceTools(): NamespaceTools | undefined {
  const unshare = findExecutable('unshare');
  const nsenter = findExecutable('nsenter');
  const env = findExecutable('env');
  return unshare === undefined || nsenter === undefined || env === undefined ? undefined : { unshare, nsenter, env };
}

/**
 * True when a command really runs in a PID namespace of its own here (it takes privileges: root,
 * or CAP_SYS_ADMIN): the probe's bash must see the namespace's init as PID 1, not be PID 1 itself,
 * and its exit code must come back unchanged. The probe waits for its holder, so nothing is left.
 */
export function probeNamespace(tools: NamespaceTools, bashPath: string): boolean {
  const check = `read -r -d '' init < /proc/1/cmdline; [ "$init" = ${NAMESPACE_INIT_NAME} ] && [ $$ -gt 1 ] && exit 42`;
  const script = [
    'nsenter=$1 bash=$2 check=$3 env=$4',
    'shift 4',
    'coproc HOLDER { exec "$@"; }',
    'read -r _ <&"${HOLDER[0]}" || exit 1',
    `"$nsenter" ${enterArguments({ ...tools, env: '"$env"' }, '$HOLDER_PID', '/').join(' ')} "$bash" -c "$check"`,
    'status=$? holder=$HOLDER_PID to=${HOLDER[1]}',
    'exec {to}>&-',
    'wait "$holder"',
    'exit "$status"',
  ].join('\n');
  const args = [tools.nsenter, bashPath, check, tools.env, tools.unshare, ...holderArguments(bashPath)];
  const probe = spawnSync(bashPath, ['-c', script, 'bash', ...args], {
    stdio: 'ignore',
    timeout: 10_000,
    killSignal: 'SIGKILL',
  });
  return probe.status === 42;
}
