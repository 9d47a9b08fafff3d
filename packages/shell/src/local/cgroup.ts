// The cgroups v2 this process can give its commands: found, made, killed and removed.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The command's leader, run as `bash -c ENTER name cgroup bash command`: moves itself into the
// cgroup before it starts anything, then becomes the command's bash (same pid, same status).
const ENTER =
  '{ echo $$ > "$1/cgroup.procs"; } 2>/dev/null || { echo "toolwright: the command\'s cgroup could not be entered" >&2; exit 125; }\n' +
  'exec -a "$0" "$2" -c "$3"';

/** The file and arguments that run `command` as the first process of the cgroup at `path`. */
export function cgroupCommandLine(path: string, bashPath: string, name: string, command: string): [string, string[]] {
  return [bashPath, ['-c', ENTER, name, path, bashPath, command]];
}

/**
 * The folder under which this process makes its commands' cgroups — `toolwright-<pid>` inside
 * this process's own cgroup v2 — or `undefined` when there is no cgroup v2 here.
 */
export function cgroupParent(): string | undefined {
  const own = ownCgroupFolder();
  return own === undefined ? undefined : join(own, `toolwright-${process.pid}`);
}

/** Makes a fresh cgroup for one command under `parent`; returns its path. Throws when the kernel refuses. */
export function makeCgroup(parent: string): string {
  mkdirSync(parent, { recursive: true });
  const path = join(parent, `run-${randomUUID()}`);
  mkdirSync(path);
  return path;
}

/** The live pids in the cgroup (none once it is gone). */
export function cgroupMembers(path: string): number[] {
  try {
    return readFileSync(join(path, 'cgroup.procs'), 'utf8')
      .split('\n')
      .filter((line) => line !== '')
      .map(Number);
  } catch {
    return [];
  }
}

/** SIGKILL to every process in the cgroup, forks in flight included; false when the cgroup is gone. */
export function killCgroup(path: string): boolean {
  try {
    writeFileSync(join(path, 'cgroup.kill'), '1');
    return true;
  } catch {
    return false;
  }
}

/** Removes an empty cgroup; false while it still holds a process (or when it is already gone). */
function removeCgroup(path: string): boolean {
  try {
    rmdirSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes a command's empty cgroup, and its parent folder when no other command's is left in it
 * (the next command makes it again), so nothing stays behind once the commands have ended.
 */
export function removeCommandCgroup(path: string): boolean {
  if (!removeCgroup(path)) return false;
  removeCgroup(path.slice(0, path.lastIndexOf('/')));
  return true;
}

/**
 * True when a command really runs in a cgroup of its own here: a probe cgroup is made, a bash
 * enters it and checks that it is there, and the cgroup is removed. Also removes the empty
 * folders that processes which ended abruptly left behind.
 */
export function probeCgroup(parent: string, bashPath: string): boolean {
  removeLeftovers(parent);
  let path: string;
  try {
    path = makeCgroup(parent);
  } catch {
    return false;
  }
  // cgroup.kill came with Linux 5.14; without it a cgroup cannot kill its processes at once.
  if (!existsSync(join(path, 'cgroup.kill'))) {
    removeCommandCgroup(path);
    return false;
  }
  const check = `grep -qx "0::.*/${path.slice(path.lastIndexOf('/') + 1)}" /proc/$$/cgroup && exit 42`;
  const [file, args] = cgroupCommandLine(path, bashPath, 'bash', check);
  const status = spawnSync(file, args, { stdio: 'ignore', timeout: 10_000, killSignal: 'SIGKILL' }).status;
  killCgroup(path);
  removeCommandCgroup(path);
  return status === 42;
}

function ownCgroupFolder(): string | undefined {
  try {
    const line = readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((text) => text.startsWith('0::'));
    const mount = readFileSync('/proc/self/mountinfo', 'utf8')
      .split('\n')
      .map((text) => text.split(' '))
      .find((fields) => fields[fields.indexOf('-') + 1] === 'cgroup2');
    if (line === undefined || mount === undefined) return undefined;
    const [root = '/', mountPoint = ''] = [mount[3], mount[4]].map(unescapeMountField);
    const own = line.slice(3);
    if (!own.startsWith(root)) return undefined;
    return join(mountPoint, own.slice(root.length));
  } catch {
    return undefined;
  }
}

/** mountinfo writes a space as `\040` (and tab, newline, backslash likewise). */
function unescapeMountField(field: string | undefined): string | undefined {
  return field?.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/** Removes `toolwright-<pid>` folders (and their empty cgroups) of processes that no longer run. */
function removeLeftovers(parent: string): void {
  const folder = parent.slice(0, parent.lastIndexOf('/'));
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => /^toolwright-\d+$/.test(name));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice('toolwright-'.length));
    if (pid === process.pid || existsSync(`/proc/${pid}`)) continue;
    const stale = join(folder, name);
    try {
      for (const run of readdirSync(stale, { withFileTypes: true }))
        if (run.isDirectory()) removeCgroup(join(stale, run.name));
    } catch {
      // Gone meanwhile.
    }
    removeCgroup(stale);
  }
}
