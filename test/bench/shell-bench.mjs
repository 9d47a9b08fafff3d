// The shell section of `pnpm bench`: LocalShell (packages/shell) beside the usual ways of running a
// command from Node, all in one run on this machine:
//   1. spawn overhead of `true`: LocalShell.execute vs child_process.spawn vs execa 9;
//   2. time from a timeout to a dead tree, for a small tree and a 2,000-child storm: LocalShell vs tree-kill;
//   3. 1 GB of output: LocalShell's bounded capture vs Buffers kept in an array vs execa's default buffering.
// Results are checked (exit codes, timedOut, byte counts); times are reported, never asserted. Each
// part sizes itself from what the machine does: the storm from a fork-rate probe (2,000 children
// where they fork within 10 s, fewer where not), the output part from a throughput probe; a run that
// does not finish in time, or fails a check, is reported as such ("not reached", "—"), never thrown.
// Every process a timeout case starts carries a unique token in its command line; the section ends
// by killing whatever still carries one. Returns its figures ({ data, tables, notes }) for --json.
import { execFileSync, fork, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as pause } from 'node:timers/promises';
import { execa } from 'execa';
import { createToolUse } from '../../packages/core/dist/index.js';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { LocalShell } from '../../packages/shell/dist/index.js';
import { createBashTools } from '../../packages/tools/dist/index.js';
import { childrenOf, killProcessesWith, processesWith } from './shell-procs.mjs';

const SPAWN_WARMUP = 20;
const SPAWN_RUNS = 200;
const SPAWN_LIMIT_MS = 20_000; // On a loaded machine the spawn part stops early, after whole rounds.
const SIMPLE_RUNS = 5;
const SIMPLE_TIMEOUT_MS = 500;
const STORM_RUNS = 3;
const STORM_CHILDREN = 2_000;
const STORM_PROBE_CHILDREN = 200;
const STORM_BUDGET_MS = 10_000;
const STORM_DEADLINE_MS = 60_000;
const SURVIVOR_CUTOFF_MS = 2_000;
const POLL_PAUSE_MS = 5;
const OUTPUT_RUNS = 3;
const OUTPUT_BYTES = 1_000_000_000;
const OUTPUT_PROBE_BYTES = 100_000_000;
const OUTPUT_BUDGET_MS = 180_000;
const CAPTURE_BYTES = 65_536;

const RUN_TOKEN = String(randomInt(100_000_000, 1_000_000_000));
let tokensUsed = 0;
/** A fresh case token: the run's nine digits and two more, written as the fraction of a sleep's seconds. */
const nextToken = () => `${RUN_TOKEN}${String(tokensUsed++).padStart(2, '0')}`;
const simpleCommand = (token) => `sleep 100.${token} & sleep 100.${token} & sleep 100.${token}; true`;
const stormCommand = (children) => (token) => `for i in $(seq ${children}); do sleep 1000.${token} & done; wait`;

/** Wall-clock ms with sub-ms precision, comparable between this process and its children. */
const now = () => performance.timeOrigin + performance.now();
const children = new Set();

// ---------------------------------------------------------------------------------------------
// Small helpers: statistics, formatting, child processes.

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  return sorted[low] + (sorted[Math.ceil(position)] - sorted[low]) * (position - low);
}
const median = (values) => quantile(values, 0.5);
/** The median of `pick(run)` over the runs, or `undefined` when any run has no value. */
function medianBy(runs, pick) {
  const values = runs.map(pick);
  return values.includes(undefined) ? undefined : median(values);
}

function formatMs(ms) {
  if (ms === undefined) return '—';
  const digits = ms < 10 ? 2 : ms < 100 ? 1 : 0;
  return `${ms.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ms`;
}
const formatRatio = (a, b) => (a === undefined || b === undefined ? '—' : `${(a / b).toFixed(2)}x`);
const formatMB = (bytes) => `${(bytes / 1e6).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
const formatRuns = (values) => values.map((value) => (value === undefined ? '—' : value.toFixed(1))).join(', ');

/** The tables printed by this run of the section, for its figures. */
let tables = [];

function printTable(rows, title) {
  tables.push({ title, columns: rows[0].map(String), rows: rows.slice(1).map((row) => row.map(String)) });
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        column === 0 ? String(cell).padEnd(widths[column]) : String(cell).padStart(widths[column]),
      )
      .join('  ')
      .trimEnd();
  console.log(line(rows[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

function packageVersion(name) {
  return JSON.parse(readFileSync(new URL(`../../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version;
}

/** Rejects when `promise` has not settled in `ms`; the timer never outlives the race. */
function within(promise, ms, what) {
  let timer;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing after ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

/**
 * Forks a child script of this folder and collects its IPC messages by their `event` (the last of
 * each kind is kept). With `captureStderr`, the child's stderr is kept (its first 64 KB) instead of shown.
 */
function forkChild(script, subject, { captureStderr = false } = {}) {
  const child = fork(new URL(script, import.meta.url), [subject], {
    execArgv: [],
    cwd: tmpdir(), // Where a crashing child would leave a core file, if this machine wrote them.
    stdio: ['ignore', 'inherit', captureStderr ? 'pipe' : 'inherit', 'ipc'],
  });
  children.add(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    if (stderr.length < 65_536) stderr += chunk;
  });
  const arrived = new Map();
  const waiting = new Map();
  child.on('message', (message) => {
    arrived.set(message.event, message);
    waiting.get(message.event)?.resolve(message);
  });
  // 'close' comes after the IPC channel and stderr are closed, so after every message.
  const closed = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
  void closed.then(() => {
    children.delete(child);
    for (const [event, { reject }] of waiting) reject(new Error(`${script} ${subject} ended before '${event}'`));
  });
  const next = (event, ms) =>
    within(
      arrived.has(event)
        ? Promise.resolve(arrived.get(event))
        : new Promise((resolve, reject) => waiting.set(event, { resolve, reject })),
      ms,
      `${script} ${subject}, waiting for '${event}'`,
    );
  return { child, next, last: (event) => arrived.get(event), closed, stderr: () => stderr };
}

// ---------------------------------------------------------------------------------------------
// 1. Spawn overhead.

function rawSpawn(options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/bash', ['-c', 'true'], options);
    child.once('error', reject);
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`spawn ran \`true\`: exit ${code}`))));
  });
}

/**
 * True when `bash -c` started with Node's default stdio reads ~/.bashrc here. Debian's bash does
 * when stdin is a socket (Node's 'pipe' is a socketpair) and SHLVL was unset or 0, taking it for
 * a remote shell. Probed with a HOME whose .bashrc only prints a line.
 */
async function bashReadsBashrc() {
  const home = mkdtempSync(join(tmpdir(), 'shell-bench-home-'));
  try {
    writeFileSync(join(home, '.bashrc'), 'echo bashrc-was-read\n');
    const stdout = await new Promise((resolve, reject) => {
      const child = spawn('/bin/bash', ['-c', 'true'], { env: { ...process.env, HOME: home } });
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.once('error', reject);
      child.once('close', () => resolve(text));
    });
    return stdout.includes('bashrc-was-read');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** `true` through the Bash tool, the gate and a shell, checked: the model's path to a command. */
function bashToolCall(shell) {
  const gate = new ToolGate({ tools: createBashTools(shell).tools, runOptions: { allowBash: true } });
  let id = 0;
  return async () => {
    const result = await gate.execute(createToolUse(`call_${id++}`, 'Bash', { command: 'true' }));
    if (result.isError) throw new Error(`the Bash tool ran \`true\`: ${result.content}`);
  };
}

async function spawnOverhead() {
  const shell = new LocalShell();
  const unsandboxed = new LocalShell({ sandbox: 'off' });
  const subjects = {
    'LocalShell.execute': async () => {
      const result = await shell.execute('true', { timeoutMs: 10_000, maxCaptureBytes: CAPTURE_BYTES });
      if (result.exitCode !== 0 || result.timedOut)
        throw new Error(`LocalShell ran \`true\`: ${JSON.stringify(result)}`);
    },
    'LocalShell.execute, sandbox off': async () => {
      const result = await unsandboxed.execute('true', { timeoutMs: 10_000, maxCaptureBytes: CAPTURE_BYTES });
      if (result.exitCode !== 0 || result.timedOut)
        throw new Error(`LocalShell ran \`true\`: ${JSON.stringify(result)}`);
    },
    [`Bash tool, sandbox ${shell.sandbox}`]: bashToolCall(shell),
    'Bash tool, sandbox off': bashToolCall(unsandboxed),
    'child_process.spawn': () => rawSpawn(),
    'spawn, stdin ignored': () => rawSpawn({ stdio: ['ignore', 'pipe', 'pipe'] }),
    execa: async () => {
      const result = await execa('/bin/bash', ['-c', 'true']);
      if (result.exitCode !== 0) throw new Error(`execa ran \`true\`: exit ${result.exitCode}`);
    },
  };
  const names = Object.keys(subjects);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  const began = performance.now();
  for (let round = 0; round < SPAWN_WARMUP + SPAWN_RUNS; round++) {
    if (round > SPAWN_WARMUP && performance.now() - began > SPAWN_LIMIT_MS) break;
    // Interleaved, the order rotated every round, so neither drift nor position favours a subject.
    for (let index = 0; index < names.length; index++) {
      const name = names[(round + index) % names.length];
      const started = performance.now();
      await subjects[name]();
      if (round >= SPAWN_WARMUP) times[name].push(performance.now() - started);
    }
  }
  return times;
}

// ---------------------------------------------------------------------------------------------
// 2. Time from a timeout to a dead tree.

/** Scans /proc from the moment the timeout fired until no live process carries `needle`, or the cut-off. */
async function pollUntilDead(needle, firedAt) {
  let scans = 0;
  let scanTime = 0;
  for (;;) {
    const begun = now();
    const alive = processesWith(needle).length;
    const ended = now();
    scans++;
    scanTime += ended - begun;
    if (alive === 0) return { deadAt: ended, survivors: 0, scanMs: scanTime / scans };
    if (ended - firedAt >= SURVIVOR_CUTOFF_MS) return { survivors: alive, scanMs: scanTime / scans };
    await pause(POLL_PAUSE_MS);
  }
}

/**
 * Stops a tree-kill child that is still walking the tree, kills its `ps` helpers and it. Returns how
 * many `ps` it had started that are still running, and how many have ended but are not yet reaped.
 */
function stopTreeKill(child) {
  process.kill(child.pid, 'SIGSTOP'); // No more spawns, and no late kill of pids it listed long ago.
  const helpers = childrenOf(child.pid);
  for (const { pid, zombie } of helpers) {
    try {
      if (!zombie) process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  child.kill('SIGKILL');
  const ps = helpers.filter((helper) => helper.comm === 'ps');
  return { running: ps.filter((helper) => !helper.zombie).length, ended: ps.filter((helper) => helper.zombie).length };
}

/** One timeout run of one subject in a fresh child; the tree's death is verified here, by /proc. */
async function timeoutRun(subject, makeCommand, timeoutMs) {
  const token = nextToken();
  const needle = `.${token}`;
  const { child, next, closed } = forkChild('./shell-kill-child.mjs', subject);
  try {
    await next('ready', 10_000);
    child.send({ command: makeCommand(token), timeoutMs });
    const fired = await next('fired', timeoutMs + 10_000);
    const poll = await pollUntilDead(needle, fired.at);
    const run = { deadMs: poll.deadAt === undefined ? undefined : poll.deadAt - fired.at, ...poll };
    if (subject === 'localshell') {
      const resolved = await next('resolved', 15_000);
      if (resolved.result.timedOut !== true)
        throw new Error(`LocalShell did not time out: ${JSON.stringify(resolved)}`);
      run.resolvedMs = resolved.at - fired.at;
      run.setupMs = fired.setupMs;
      run.leftAtResolve = processesWith(needle).length;
    } else if (poll.survivors === 0) {
      const killed = await next('killed', 15_000);
      if (killed.error !== undefined) throw new Error(`tree-kill failed: ${killed.error}`);
      run.callbackMs = killed.at - fired.at;
    } else {
      run.psAtCutoff = stopTreeKill(child);
    }
    await within(closed, 10_000, `${subject} child exit`);
    return run;
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await killProcessesWith(needle); // The section's last sweep reports anything that survives even this.
  }
}

/**
 * How long a storm of `children` sleeps takes to fork here (an unmeasured run, killed at once):
 * `{ ms }`, or `{ reached, ms }` when not all of them were up within `deadlineMs`.
 */
async function stormSpawnMs(children, deadlineMs) {
  const token = nextToken();
  const needle = `.${token}`;
  const bash = spawn('/bin/bash', ['-c', stormCommand(children)(token)], { stdio: 'ignore', detached: true });
  const started = now();
  let alive = 0;
  try {
    while (now() - started < deadlineMs) {
      alive = processesWith(needle).length;
      if (alive >= children + 1) return { ms: now() - started };
      await pause(20);
    }
    return { reached: Math.max(0, alive - 1), ms: now() - started };
  } finally {
    try {
      process.kill(-bash.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    await killProcessesWith(needle);
  }
}

/**
 * The storm's size from the machine's fork rate: a probe of 200 children, then 2,000 where they
 * fork within 10 s (fewer, in hundreds, where not), timed by a pre-run whose deadline is three times
 * the rate's prediction (at most 60 s). `spawn.reached` set: the storm was not reached.
 */
async function sizeStorm() {
  const probe = await stormSpawnMs(STORM_PROBE_CHILDREN, STORM_DEADLINE_MS);
  const perMs = (probe.reached ?? STORM_PROBE_CHILDREN) / Math.max(probe.ms, 1);
  const affordable = Math.floor((perMs * STORM_BUDGET_MS) / 100) * 100;
  const children = Math.max(STORM_PROBE_CHILDREN, Math.min(STORM_CHILDREN, affordable));
  const deadlineMs = Math.min(STORM_DEADLINE_MS, Math.max(5_000, (3 * children) / Math.max(perMs, 1e-6)));
  const spawned = await stormSpawnMs(children, deadlineMs);
  return { probe, perSecond: perMs * 1000, children, deadlineMs, spawn: spawned };
}

async function timeoutCase(label, makeCommand, timeoutMs, runs) {
  const results = { localshell: [], 'tree-kill': [] };
  for (let run = 0; run < runs; run++) {
    for (const subject of run % 2 === 0 ? ['localshell', 'tree-kill'] : ['tree-kill', 'localshell']) {
      // A run that fails (a child that never answers, a check that does not hold) is kept as its error.
      const result = await timeoutRun(subject, makeCommand, timeoutMs).catch((error) => ({ error: error.message }));
      results[subject].push(result);
      await pause(100); // A breather between runs (PID 1 here reaps the orphans' zombies late).
    }
  }
  return { label, timeoutMs, ...results };
}

// ---------------------------------------------------------------------------------------------
// 3. 1 GB of output, one fresh child process per run.

async function outputRun(subject, deadlineMs) {
  const { child, next, last, closed, stderr } = forkChild('./shell-output-child.mjs', subject, { captureStderr: true });
  const started = await next('started', 30_000);
  let result;
  try {
    result = await next('result', deadlineMs);
  } catch {
    if (child.exitCode === null && child.signalCode === null) {
      // Still running at the deadline: not reached, and the child goes.
      child.kill('SIGKILL');
      await closed;
      return {
        outcome: `not reached: no result after ${(deadlineMs / 1000).toFixed(0)} s`,
        ms: deadlineMs,
        notReached: true,
        baseRss: 0,
        peakRss: 0,
      };
    }
    // The process died without a result; keep how, when, and the last peak it reported.
    const diedAt = now();
    const { code, signal } = await closed;
    // V8's fatal errors print '#'-prefixed lines, then a native stack whose Runtime_ frame says where.
    const text = stderr();
    const banner = text
      .split('\n')
      .filter((line) => /^#\s*\S/.test(line))
      .map((line) => line.replace(/^#\s*/, ''));
    const runtime = text.match(/Runtime_\w+/)?.[0];
    const fatal = banner.find((line) => line.startsWith('Fatal JavaScript')) ?? banner[0] ?? text.split('\n')[0];
    const rss = last('rss');
    result = {
      died: true,
      outcome: `process died (${signal ?? `exit ${code}`})`,
      message: `${fatal}${runtime === undefined ? '' : ` (in ${runtime})`}`,
      ms: diedAt - started.at,
      baseRss: rss?.baseRss ?? 0,
      peakRss: rss?.peakRss ?? 0,
    };
  }
  const short = result.stdoutBytes !== OUTPUT_BYTES && !result.threw && !result.died;
  if (short || (subject !== 'execa' && result.exitCode !== 0)) {
    const bytes = result.stdoutBytes === undefined ? 'no' : result.stdoutBytes.toLocaleString('en-US');
    result = {
      ...result,
      failed: true,
      outcome: `FAILED: read ${bytes} of ${OUTPUT_BYTES.toLocaleString('en-US')} bytes (${result.outcome})`,
    };
  }
  await closed;
  return result;
}

/** Bytes per ms that a plain spawn reads from `head -c` here (one 100 MB run), to size the output part. */
function outputThroughput() {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let bytes = 0;
    const child = spawn('/bin/bash', ['-c', `head -c ${OUTPUT_PROBE_BYTES} /dev/zero`], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    child.stdout.on('data', (chunk) => (bytes += chunk.length));
    child.once('error', reject);
    child.once('close', () => resolve(bytes / Math.max(performance.now() - started, 1)));
  });
}

// ---------------------------------------------------------------------------------------------
// The section.

export async function runShellBench() {
  const began = performance.now();
  const versions = { execa: packageVersion('execa'), treeKill: packageVersion('tree-kill') };
  const bash = execFileSync('/bin/bash', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  const ps = execFileSync('ps', ['--version'], { encoding: 'utf8' }).trim();
  const loadBefore = loadavg();
  const seconds = {};
  const timed = async (part, work) => {
    const partBegan = performance.now();
    const result = await work();
    seconds[part] = (performance.now() - partBegan) / 1000;
    return result;
  };
  try {
    const bashrc = await bashReadsBashrc();
    const spawnTimes = await timed('spawn', spawnOverhead);
    const { storm, stormTimeoutMs, timeoutCases } = await timed('timeout', async () => {
      const storm = await sizeStorm();
      const simple = await timeoutCase('simple tree', simpleCommand, SIMPLE_TIMEOUT_MS, SIMPLE_RUNS);
      // A storm that was not reached in the pre-run has no complete tree to time out: not run.
      if (storm.spawn.reached !== undefined) return { storm, stormTimeoutMs: undefined, timeoutCases: [simple] };
      const stormTimeoutMs = Math.max(3_000, Math.ceil((storm.spawn.ms * 1.25) / 500) * 500);
      const stormed = await timeoutCase('storm', stormCommand(storm.children), stormTimeoutMs, STORM_RUNS);
      return { storm, stormTimeoutMs, timeoutCases: [simple, stormed] };
    });
    const throughput = await outputThroughput();
    const outputMs = OUTPUT_BYTES / throughput;
    const outputs = await timed('output', async () => {
      const runs = { localshell: [], spawn: [], execa: [] };
      // 9 runs of about outputMs each must fit the budget; a run gets five times its share, at least 2 min.
      if (outputMs * OUTPUT_RUNS * 3 > OUTPUT_BUDGET_MS) return undefined;
      const names = Object.keys(runs);
      for (let run = 0; run < OUTPUT_RUNS; run++) {
        for (let index = 0; index < names.length; index++) {
          const name = names[(run + index) % names.length];
          runs[name].push(await outputRun(name, Math.max(120_000, 5 * outputMs)));
        }
      }
      return runs;
    });
    const load = { before: loadBefore, after: loadavg() };
    tables = [];
    report({
      versions,
      bash,
      ps,
      load,
      bashrc,
      seconds,
      spawnTimes,
      storm,
      stormTimeoutMs,
      timeoutCases,
      outputs,
      throughput,
    });
    return figures({ load, seconds, spawnTimes, storm, stormTimeoutMs, timeoutCases, outputs, throughput });
  } finally {
    for (const child of children) child.kill('SIGKILL');
    const left = await killProcessesWith(`.${RUN_TOKEN}`);
    if (left > 0) console.log(`WARNING: ${left} processes with the run token survive SIGKILL`);
    console.log(`(shell section: ${((performance.now() - began) / 1000).toFixed(1)} s)`);
  }
}

/** The section's figures for --json: medians per subject, the storm's sizing, the printed tables. */
function figures({ load, seconds, spawnTimes, storm, stormTimeoutMs, timeoutCases, outputs, throughput }) {
  const medians = (runs, key) => {
    const values = runs.map((run) => run[key]).filter((value) => typeof value === 'number');
    return values.length === 0 ? undefined : median(values);
  };
  const data = {
    seconds,
    spawnMedianMs: Object.fromEntries(Object.entries(spawnTimes).map(([name, times]) => [name, median(times)])),
    storm: { ...storm, timeoutMs: stormTimeoutMs, notReached: storm.spawn.reached !== undefined },
    timeout: timeoutCases.map(({ label, timeoutMs, localshell, 'tree-kill': treeKill }) => ({
      label,
      timeoutMs,
      localshellDeadMs: medians(localshell, 'deadMs'),
      treeKillDeadMs: medians(treeKill, 'deadMs'),
      errors: [...localshell, ...treeKill].filter((run) => run.error !== undefined).map((run) => run.error),
    })),
    output:
      outputs === undefined
        ? { notRun: true, probeMBPerSecond: throughput / 1e3 }
        : Object.fromEntries(
            Object.entries(outputs).map(([name, runs]) => [
              name,
              { medianMs: medians(runs, 'ms'), outcomes: [...new Set(runs.map((run) => run.outcome))] },
            ]),
          ),
  };
  const sandboxed = Object.keys(spawnTimes).find(
    (name) => name.startsWith('Bash tool, sandbox ') && !name.endsWith(' off'),
  );
  const sandboxRatio =
    sandboxed === undefined ? undefined : median(spawnTimes[sandboxed]) / median(spawnTimes['Bash tool, sandbox off']);
  data.sandboxRatio = sandboxRatio;
  const notes = [
    sandboxRatio === undefined
      ? 'Sandbox (PF-6): no sandbox on this machine; the sandboxed Bash call was not measured.'
      : `Sandbox (PF-6): \`true\` through the Bash tool takes ${sandboxRatio.toFixed(2)}x the same call unsandboxed (${sandboxed.slice('Bash tool, sandbox '.length)}; the bound is 1.5x).`,
    `Load average (1 min) ${load.before[0].toFixed(1)} before the section, ${load.after[0].toFixed(1)} after, on ${availableParallelism()} CPUs.`,
    storm.spawn.reached === undefined
      ? `Storm: ${storm.children.toLocaleString('en-US')} children (fork-rate probe: ${storm.perSecond.toFixed(0)}/s), all forked in ${formatMs(storm.spawn.ms)}; timeout ${stormTimeoutMs} ms.`
      : `Storm: not reached — ${storm.spawn.reached.toLocaleString('en-US')} of ${storm.children.toLocaleString('en-US')} children after ${formatMs(storm.spawn.ms)}; its timeout case was not run.`,
  ];
  return { data, tables, notes };
}

function report({
  versions,
  bash,
  ps,
  load,
  bashrc,
  seconds,
  spawnTimes,
  storm,
  stormTimeoutMs,
  timeoutCases,
  outputs,
  throughput,
}) {
  const count = (value) => value.toLocaleString('en-US');
  const say = (...lines) => console.log(lines.join('\n'));
  say(
    '',
    'Shell: LocalShell (packages/shell) vs child_process.spawn, execa and tree-kill',
    `Node ${process.version} (${process.platform}/${process.arch}); ${bash}; ${ps}.`,
    'One run on this machine, not a portable figure; every number below comes from this run.',
    `Load average (1 min): ${load.before[0].toFixed(1)} before the section, ${load.after[0].toFixed(1)} after it ` +
      `(its own process storms count too), on ${availableParallelism()} CPUs; other work here shows up in the figures.`,
    `Baselines: child_process of Node ${process.version}; execa ${versions.execa} (node_modules/execa); ` +
      `tree-kill ${versions.treeKill} (node_modules/tree-kill).`,
  );

  const calls = spawnTimes['child_process.spawn'].length;
  say(
    '',
    `1. Spawn overhead (${seconds.spawn.toFixed(1)} s): \`true\` through bash -c, wall time per awaited call; ` +
      `${calls} calls per subject` +
      (calls < SPAWN_RUNS ? ` (of ${SPAWN_RUNS}: the ${SPAWN_LIMIT_MS / 1000} s limit)` : ''),
    `   after ${SPAWN_WARMUP} warm-up calls each, interleaved (order rotated every round), all in this process.`,
    `   LocalShell: execute('true', { timeoutMs: 10000, maxCaptureBytes: ${CAPTURE_BYTES} }) (own session, stdin`,
    '     /dev/null, marker variable, a /proc sweep for leftovers after the exit, stream settle).',
    `   Baselines: child_process.spawn('/bin/bash', ['-c', 'true']) of Node ${process.version}, awaited to 'close',`,
    "     with the default stdio and with stdio ['ignore', 'pipe', 'pipe']; " +
      `execa ${versions.execa}: execa('/bin/bash', ['-c', 'true']).`,
    `   SHLVL=${process.env.SHLVL ?? '(unset)'} here. A probe with a stand-in HOME shows bash -c ` +
      (bashrc ? 'reading ~/.bashrc when its stdin is a' : "not reading ~/.bashrc with Node's default stdio."),
    ...(bashrc
      ? [
          "     socket (Node's default 'pipe' stdio): bash's remote-shell heuristic, on when SHLVL was unset or 0. The",
          "     default-stdio rows (spawn, execa) pay for whatever ~/.bashrc runs; LocalShell and 'stdin ignored' do not.",
        ]
      : []),
  );
  const spawnMedian = Object.fromEntries(Object.entries(spawnTimes).map(([name, times]) => [name, median(times)]));
  printTable(
    [
      ['subject', 'median', 'p10', 'p90', 'vs spawn', 'vs stdin ignored', `vs execa ${versions.execa}`],
      ...Object.entries(spawnTimes).map(([name, times]) => [
        name === 'execa' ? `execa ${versions.execa}` : name,
        formatMs(spawnMedian[name]),
        formatMs(quantile(times, 0.1)),
        formatMs(quantile(times, 0.9)),
        formatRatio(spawnMedian[name], spawnMedian['child_process.spawn']),
        formatRatio(spawnMedian[name], spawnMedian['spawn, stdin ignored']),
        formatRatio(spawnMedian[name], spawnMedian.execa),
      ]),
    ],
    'Spawn overhead: `true` through bash -c, per awaited call',
  );

  say(
    '',
    `2. Timeout to dead tree (${seconds.timeout.toFixed(1)} s): each run in a fresh child Node process. "Dead": from ` +
      'the moment the timeout',
    '   fires until a /proc scan by the bench process first finds no live process with the case token in its command',
    "   line (zombies ignored); the bench process polls (scan, 5 ms pause), never in the subject's event loop.",
    '   LocalShell: execute(command, { timeoutMs, maxCaptureBytes: 65536 }), default 500 ms SIGTERM→SIGKILL grace; the',
    "     'fired' timer has the same length and is set just before execute(), which spawns and then sets LocalShell's",
    '     own: it fires first, at most the time execute() took to return earlier (shown below), never flattering it.',
    `   Baseline: tree-kill ${versions.treeKill}: child_process.spawn('/bin/bash', ['-c', command]), then ` +
      "treeKill(pid, 'SIGKILL')",
    '     when the same delay has elapsed (on Linux tree-kill runs `ps --ppid` once per process it finds).',
    `   Survivors: live token processes ${count(SURVIVOR_CUTOFF_MS)} ms after the timeout fired (the bench then kills ` +
      'them itself).',
    `   Simple tree: sleep 100.<token> & sleep 100.<token> & sleep 100.<token>; true — timeout ${SIMPLE_TIMEOUT_MS} ms.`,
    `   Storm: for i in $(seq N); do sleep 1000.<token> & done; wait — N from a fork-rate probe of ${STORM_PROBE_CHILDREN} ` +
      `children (${storm.perSecond.toFixed(0)}/s here):`,
    `     ${count(STORM_CHILDREN)} where they fork within ${STORM_BUDGET_MS / 1000} s, fewer where not; N = ${count(storm.children)}.`,
    storm.spawn.reached === undefined
      ? `     A pre-run forked all ${count(storm.children)} sleeps here in ${formatMs(storm.spawn.ms)}, so with its timeout ` +
          `of ${count(stormTimeoutMs)} ms the tree (${count(storm.children + 1)} processes) is complete when it fires.`
      : `     Not reached: the pre-run had ${count(storm.spawn.reached)} of ${count(storm.children)} sleeps after ` +
          `${formatMs(storm.spawn.ms)}; the storm's timeout case is not run.`,
  );
  // A run that reached the cut-off counts as the cut-off, a lower bound: the median is then "≥".
  // A run that failed (see its error below) has no figure and is left out.
  const deadOf = (all) => {
    const runs = all.filter((run) => run.error === undefined);
    return runs.length === 0
      ? { ms: undefined, censored: true }
      : {
          ms: median(runs.map((run) => run.deadMs ?? SURVIVOR_CUTOFF_MS)),
          censored: runs.some((run) => run.deadMs === undefined),
        };
  };
  const formatDead = ({ ms, censored }) => (ms === undefined ? '—' : `${censored ? '≥ ' : ''}${formatMs(ms)}`);
  const survivors = (run, value) => (run.error === undefined ? count(value) : 'error');
  printTable(
    [
      [
        'case (runs each)',
        'LocalShell dead',
        'resolved',
        'survivors',
        'tree-kill dead',
        'callback',
        'survivors',
        'dead ratio',
      ],
      ...timeoutCases.map(({ label, localshell, 'tree-kill': treeKill }) => {
        const [ours, theirs] = [deadOf(localshell), deadOf(treeKill)];
        const ratio = ours.censored ? '—' : `${theirs.censored ? '≤ ' : ''}${formatRatio(ours.ms, theirs.ms)}`;
        return [
          `${label} (${localshell.length})`,
          formatDead(ours),
          formatMs(medianBy(localshell, (run) => run.resolvedMs)),
          localshell.map((run) => survivors(run, Math.max(run.survivors, run.leftAtResolve))).join('/'),
          formatDead(theirs),
          formatMs(medianBy(treeKill, (run) => run.callbackMs)),
          treeKill.map((run) => survivors(run, run.survivors)).join('/'),
          ratio,
        ];
      }),
    ],
    'Timeout to dead tree',
  );
  say(
    `   Medians over the runs; a run still not dead at the cut-off counts as ${count(SURVIVOR_CUTOFF_MS)} ms, so its median ` +
      'is a bound (≥);',
    '   "—": not every run got there. Dead ratio = LocalShell / tree-kill. Survivors per run; for LocalShell, the',
    '   larger of those and the token processes found once its promise had resolved. Each run, in ms:',
  );
  for (const { label, localshell, 'tree-kill': treeKill } of timeoutCases) {
    const runs = (list, key) => formatRuns(list.map((run) => run[key]));
    const scan = (list) =>
      formatMs(
        medianBy(
          list.filter((run) => run.error === undefined),
          (run) => run.scanMs,
        ),
      );
    say(
      `   ${label}: LocalShell dead ${runs(localshell, 'deadMs')}; resolved ${runs(localshell, 'resolvedMs')}`,
      `     LocalShell's execute() returned in ${runs(localshell, 'setupMs')} (the most 'fired' can precede its timer)`,
      `     tree-kill dead ${runs(treeKill, 'deadMs')}; callback ${runs(treeKill, 'callbackMs')}`,
      `     one /proc scan by the bench (the resolution of "dead"): ${scan(localshell)} in LocalShell's runs, ` +
        `${scan(treeKill)} in tree-kill's`,
    );
    for (const run of [...localshell, ...treeKill].filter((each) => each.error !== undefined)) {
      say(`     a run failed: ${run.error}`);
    }
    const stopped = treeKill.filter((run) => run.psAtCutoff !== undefined);
    if (stopped.length > 0) {
      say(
        `     at the cut-off tree-kill had not called back in ${stopped.length} of ${treeKill.length} runs; the bench ` +
          'stopped it and killed the tree itself.',
        '     `ps` processes it had started by then (a lower bound: any it had reaped are not counted): ' +
          stopped.map(({ psAtCutoff: ps }) => `${ps.running + ps.ended} (${ps.running} running)`).join(', '),
      );
    }
  }

  if (outputs === undefined) {
    say(
      '',
      `3. ${count(OUTPUT_BYTES)} bytes of output: not run. A ${count(OUTPUT_PROBE_BYTES)}-byte probe read ` +
        `${(throughput / 1e3).toFixed(0)} MB/s here: ${OUTPUT_RUNS * 3} runs would take longer than ${OUTPUT_BUDGET_MS / 1000} s.`,
    );
    return;
  }
  say(
    '',
    `3. ${count(OUTPUT_BYTES)} bytes of output (${seconds.output.toFixed(1)} s): ` +
      `bash -c 'head -c ${OUTPUT_BYTES} /dev/zero'; ${OUTPUT_RUNS} runs per subject,`,
    '   each in a fresh child Node process, interleaved. The child samples its process.memoryUsage().rss every 20 ms',
    '   (and at the end); RSS growth = peak - RSS before the run. Time: from the start of the run to its result.',
    `   MB = 10^6 bytes. LocalShell: maxCaptureBytes ${CAPTURE_BYTES}, timeoutMs 60000.`,
    "   Baselines: child_process.spawn('/bin/bash', ['-c', …]) keeping every stdout chunk in an array of Buffers (no",
    `     concat); execa ${versions.execa}: execa('/bin/bash', ['-c', …], { stdin: 'ignore' }), default buffering`,
    '     (maxBuffer 100,000,000). All three have stdin closed, LocalShell and spawn with stdio ignore/pipe/pipe.',
  );
  const growth = (run) => run.peakRss - run.baseRss;
  const rate = (run) => (run.stdoutBytes === undefined ? undefined : run.stdoutBytes / 1e3 / run.ms);
  const names = { localshell: 'LocalShell', spawn: 'spawn + Buffer[]', execa: `execa ${versions.execa}` };
  printTable(
    [
      ['subject', 'bytes read', 'time', 'MB/s', 'vs spawn', 'RSS growth', 'vs spawn', 'outcome'],
      ...Object.entries(outputs).map(([name, runs]) => {
        const died = runs.some((run) => run.died);
        const bytes = medianBy(runs, (run) => run.stdoutBytes);
        return [
          names[name],
          bytes === undefined ? '—' : count(bytes),
          formatMs(medianBy(runs, (run) => run.ms)),
          medianBy(runs, rate)?.toFixed(0) ?? '—',
          formatRatio(medianBy(runs, rate), medianBy(outputs.spawn, rate)),
          `${died ? '≥ ' : ''}${formatMB(medianBy(runs, growth))}`,
          died ? '—' : formatRatio(medianBy(runs, growth), medianBy(outputs.spawn, growth)),
          [...new Set(runs.map((run) => run.outcome))].join(' | '),
        ];
      }),
    ],
    `${count(OUTPUT_BYTES)} bytes of output`,
  );
  say('   Each run (time / RSS growth):');
  for (const [name, runs] of Object.entries(outputs)) {
    say(`     ${names[name]}: ${runs.map((run) => `${formatMs(run.ms)} / ${formatMB(growth(run))}`).join(', ')}`);
    const details = [...new Set(runs.map((run) => run.detail).filter(Boolean))];
    if (details.length > 0) say(`       ${details.join(', ')}`);
  }
  for (const message of new Set(outputs.execa.map((run) => run.message).filter(Boolean))) {
    say(`   execa ${versions.execa}: ${message.split('\n')[0]}`);
  }
  if (outputs.execa.some((run) => run.died)) {
    say(
      '   A run that died has no result: its time runs until the bench saw the process end, its RSS growth is the last',
      '   peak it reported (it reports every 4 MB of growth) before it died.',
    );
  }
}

// Run on its own with `node test/bench/shell-bench.mjs [--json file]` (after a build).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { createBenchReport } = await import('./bench-report.mjs');
  const bench = createBenchReport(['--only', 'shell', ...process.argv.slice(2)]);
  await bench.run('shell', runShellBench);
  bench.write();
}
