// Child process of the shell benchmark's 1 GB case: `node shell-output-child.mjs localshell|spawn|execa`.
// One fresh process per run, so one subject's memory peak cannot show up in another's. It runs
// `bash -c 'head -c 1000000000 /dev/zero'` once, samples `process.memoryUsage().rss` every 20 ms
// (and once more at the end, while the subject still holds what it kept) and sends its numbers to
// the parent over IPC: `started`, `rss` whenever the peak has grown by 4 MB (so a process that dies
// still leaves its peak so far), and `result`.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
import { execa } from 'execa';
import { LocalShell } from '../../packages/shell/dist/index.js';

const OUTPUT_BYTES = 1_000_000_000;
const COMMAND = `head -c ${OUTPUT_BYTES} /dev/zero`;

const subjects = {
  // Bounded capture: 64 KiB kept per stream, the rest counted and dropped.
  localshell: async (sample) => {
    const result = await new LocalShell().execute(COMMAND, { timeoutMs: 60_000, maxCaptureBytes: 65_536 });
    sample();
    return {
      outcome: `exit ${result.exitCode}${result.timedOut ? ', timed out' : ''}`,
      detail: `${result.stdout.length.toLocaleString('en-US')} characters kept, truncated: ${result.truncated}`,
      stdoutBytes: result.stdoutBytes,
      keptChars: result.stdout.length,
      exitCode: result.exitCode,
      timedOut: result.timedOut,
    };
  },
  // The naive approach: every chunk kept in an array of Buffers (no concat, and no string: V8 cannot hold 1 GB as one).
  spawn: (sample) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      const child = spawn('/bin/bash', ['-c', COMMAND], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.once('error', reject);
      child.once('close', (exitCode) => {
        sample();
        const stdoutBytes = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        resolve({
          outcome: `exit ${exitCode}`,
          detail: `${chunks.length.toLocaleString('en-US')} Buffers kept`,
          stdoutBytes,
          exitCode,
        });
      });
    }),
  // execa's defaults: buffer: true, encoding utf8, maxBuffer 100,000,000. Only stdin is set, to what the
  // other two use, so that bash never takes a socket on stdin for a remote shell and reads ~/.bashrc.
  execa: async (sample) => {
    try {
      const result = await execa('/bin/bash', ['-c', COMMAND], { stdin: 'ignore' });
      sample();
      return { outcome: `exit ${result.exitCode}`, stdoutBytes: result.stdout.length, exitCode: result.exitCode };
    } catch (error) {
      sample();
      return {
        outcome:
          `threw ${error.name}` +
          (error.isMaxBuffer ? ' (isMaxBuffer)' : '') +
          (error.signal ? `, subprocess ${error.signal}` : ''),
        message: error.shortMessage ?? error.message,
        // What the error carries: the output read before execa stopped.
        stdoutBytes: typeof error.stdout === 'string' ? error.stdout.length : undefined,
        threw: true,
      };
    }
  },
};

const subject = subjects[process.argv[2]];
if (subject === undefined) throw new Error(`unknown subject: ${process.argv[2]}`);
const now = () => performance.timeOrigin + performance.now();
const baseRss = process.memoryUsage().rss;
let peakRss = baseRss;
let reportedRss = baseRss;
const sample = () => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  // The peak so far, also sent on the way, so the parent knows it even if this process dies.
  if (peakRss - reportedRss >= 4_000_000) {
    reportedRss = peakRss;
    process.send({ event: 'rss', baseRss, peakRss });
  }
};
const sampler = setInterval(sample, 20);
process.send({ event: 'started', at: now() });
const started = performance.now();
const result = await subject(sample);
const ms = performance.now() - started;
clearInterval(sampler);
process.send({ event: 'result', ...result, ms, baseRss, peakRss }, () => process.disconnect());
