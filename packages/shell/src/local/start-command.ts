import type { ChildProcess } from 'node:child_process';
import { basename } from 'node:path';
import type { Containment } from '../containment.js';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';
import { ShellStartError } from '../shell-start-error.js';
import { cgroupCommandLine, makeCgroup, removeCommandCgroup } from './cgroup.js';
import { CgroupTree } from './cgroup-tree.js';
import type { CommandTree } from './command-tree.js';
import type { ContainmentSupport } from './detect-containment.js';
import { findExecutable } from '../find-executable.js';
import { NamespaceHolder } from './namespace-holder.js';
import { NamespaceTree } from './namespace-tree.js';
import { ProcessTree } from './process-tree.js';
import { spawnInSession } from './spawn-in-session.js';

/** A command that has started: its leader (whose exit is the command's) and its tree. */
export interface StartedCommand {
  readonly child: ChildProcess;
  readonly tree: CommandTree;
  /** The sandbox's policy for this command, when it runs in one. */
  readonly policy?: ResolvedSandboxPolicy;
}

/** What to start, where, and under which containment. */
export interface StartRequest {
  readonly containment: Containment;
  readonly support: ContainmentSupport;
  readonly bashPath: string;
  readonly command: string;
  readonly marker: string;
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Aborted before the command itself starts: nothing starts, and the result is `undefined`. */
  readonly signal?: AbortSignal;
}

/**
 * Starts `bash -c command` as the leader of a new session, inside the containment asked for;
 * resolves once it runs. A cgroup that cannot be made for this command (the kernel refused) falls
 * back to the session, which its tree then reports. Rejects with a ShellStartError when nothing
 * could start.
 */
export async function startCommand(request: StartRequest): Promise<StartedCommand | undefined> {
  const { containment, support, bashPath, command, marker, cwd, env } = request;
  const name = basename(bashPath);
  if (containment === 'pid-namespace' && support.namespaceTools !== undefined) {
    const tools = support.namespaceTools;
    // nsenter, not bash, is the leader here: a bash that is not there must fail as it would alone.
    if (findExecutable(bashPath) === undefined)
      throw new ShellStartError(`The command could not start: spawn ${bashPath} ENOENT`);
    const namespace = await NamespaceHolder.start(tools, bashPath);
    if (request.signal?.aborted === true) {
      namespace.close();
      return undefined;
    }
    const args = [...namespace.enterArguments(cwd), bashPath, '-c', command, name];
    const child = await spawned(
      () => spawnInSession(tools.nsenter, args, cwd, env),
      () => namespace.close(),
    );
    return { child, tree: new NamespaceTree(child.pid as number, marker, namespace) };
  }
  if (containment === 'cgroup' && support.cgroupParent !== undefined) {
    let path: string | undefined;
    try {
      path = makeCgroup(support.cgroupParent);
    } catch {
      // The session below.
    }
    if (path !== undefined) {
      const cgroup = path;
      const [file, args] = cgroupCommandLine(cgroup, bashPath, name, command);
      const child = await spawned(
        () => spawnInSession(file, args, cwd, env),
        () => removeCommandCgroup(cgroup),
      );
      return { child, tree: new CgroupTree(child.pid as number, marker, cgroup) };
    }
  }
  const child = await spawned(
    () => spawnInSession(bashPath, ['-c', command], cwd, env),
    () => undefined,
  );
  return { child, tree: new ProcessTree(child.pid as number, marker) };
}

/** Spawns and waits for the spawn; on failure runs `abandon` and rejects with a ShellStartError. */
function spawned(spawnChild: () => ChildProcess, abandon: () => void): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown): void => {
      abandon();
      reject(new ShellStartError(`The command could not start: ${(error as Error).message}`, { cause: error }));
    };
    let child: ChildProcess;
    try {
      child = spawnChild();
    } catch (error) {
      fail(error);
      return;
    }
    child.once('error', (error) => {
      if (child.pid === undefined) fail(error);
    });
    child.once('spawn', () => resolve(child));
  });
}
