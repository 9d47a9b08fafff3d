// /proc helpers for the shell benchmark (Linux only): find the processes a case started by the
// unique token in their command line, find a process's children, and kill by token. Zombies (state
// Z) are dead and only wait to be reaped — PID 1 here reaps orphans late — so they never count.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as pause } from 'node:timers/promises';

function pids() {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** `{ state, parentPid, comm }` from `/proc/<pid>/stat`, or `undefined` when the process is gone. */
export function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const fields = stat.slice(close + 2).split(' ');
    return { state: fields[0], parentPid: Number(fields[1]), comm: stat.slice(stat.indexOf('(') + 1, close) };
  } catch {
    return undefined;
  }
}

/** The pids of live (non-zombie) processes whose command line contains `needle`. */
export function processesWith(needle) {
  const found = [];
  for (const pid of pids()) {
    let cmdline;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
    } catch {
      continue;
    }
    if (!cmdline.includes(needle) || pid === process.pid) continue;
    const stat = readStat(pid);
    if (stat !== undefined && stat.state !== 'Z') found.push(pid);
  }
  return found;
}

/** The children of `parentPid`, zombies included (not yet reaped by it), as `{ pid, comm, zombie }`. */
export function childrenOf(parentPid) {
  const found = [];
  for (const pid of pids()) {
    const stat = readStat(pid);
    if (stat !== undefined && stat.parentPid === parentPid)
      found.push({ pid, comm: stat.comm, zombie: stat.state === 'Z' });
  }
  return found;
}

/** SIGKILLs every process whose command line contains `needle`, round by round; returns how many are left (0). */
export async function killProcessesWith(needle) {
  for (let round = 0; round < 100; round++) {
    const found = processesWith(needle);
    if (found.length === 0) return 0;
    for (const pid of found) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await pause(20);
  }
  return processesWith(needle).length;
}
