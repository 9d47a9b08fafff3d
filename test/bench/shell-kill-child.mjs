// Child process of the shell benchmark's timeout cases: `node shell-kill-child.mjs localshell|tree-kill`.
// It gets `{ command, timeoutMs }` over IPC (never in argv, so its own command line holds no case
// token), runs the command and reports, as wall-clock times (`performance.timeOrigin + now()`):
//   fired     the moment the timeout elapses (the parent starts polling /proc then);
//   resolved  LocalShell: the promise resolved, with the result's flags;
//   killed    tree-kill: its callback ran.
// The parent, not this process, polls /proc for the tree's death, so the polling never competes
// with the subject's own event loop.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import treeKill from 'tree-kill';
import { LocalShell } from '../../packages/shell/dist/index.js';

const subject = process.argv[2];
const now = () => performance.timeOrigin + performance.now();
const finish = (message) => process.send(message, () => process.disconnect());

async function withLocalShell({ command, timeoutMs }) {
  const shell = new LocalShell();
  // Set just before execute(), which spawns and then sets LocalShell's own timer of the same length before it
  // returns: this one fires first, at most `setupMs` earlier, so the figures never flatter LocalShell.
  let setupMs;
  setTimeout(() => process.send({ event: 'fired', at: now(), setupMs }), timeoutMs);
  const before = performance.now();
  const execution = shell.execute(command, { timeoutMs, maxCaptureBytes: 65_536 });
  setupMs = performance.now() - before;
  const result = await execution;
  const { timedOut, aborted, exitCode, signal } = result;
  finish({ event: 'resolved', at: now(), result: { timedOut, aborted, exitCode, signal } });
}

function withTreeKill({ command, timeoutMs }) {
  // The usual pattern: a plain child_process bash, then tree-kill when the caller's timer fires.
  const child = spawn('/bin/bash', ['-c', command], { stdio: 'ignore' });
  setTimeout(() => {
    process.send({ event: 'fired', at: now() });
    treeKill(child.pid, 'SIGKILL', (error) => finish({ event: 'killed', at: now(), error: error?.message }));
  }, timeoutMs);
}

if (subject !== 'localshell' && subject !== 'tree-kill') throw new Error(`unknown subject: ${subject}`);
process.once('message', (job) => (subject === 'localshell' ? withLocalShell(job) : withTreeKill(job)));
process.send({ event: 'ready' });
