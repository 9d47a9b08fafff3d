// The SSH section of `pnpm bench`: 200 commands over an SshShellPool of 3 local OpenSSH servers
// (127.0.0.1, throwaway keys, the tests' own fixture) with 4 commands at most per host, beside the
// same 200 commands on LocalShell, 12 at a time (the pool's total). Every result is checked (exit
// code, output) and every command's processes must be gone at the end; the throughputs are reported,
// never asserted. Without /usr/sbin/sshd the section says how to install it and measures LocalShell only.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { LocalShell } from '../../packages/shell/dist/index.js';
import { SshShellPool } from '../../packages/ssh/dist/index.js';
import { startSshd } from '@toolwright/test-support/sshd-fixture';
import { killProcessesWith, processesWith } from './shell-procs.mjs';

const COMMANDS = 200;
const HOSTS = 3;
const PER_HOST = 4;
const OPTIONS = { timeoutMs: 120_000, maxCaptureBytes: 65_536 };

/** The n-th command: a short shell pipeline that prints what it was given, and carries the run's token. */
const command = (token, n) => `sleep 0.0${token}; printf '%s\\n' ${n} | tr -d x`;

/** Runs the 200 commands with at most `limit` in flight; returns ms and the wrong results. */
async function runAll(shell, token, limit) {
  const wrong = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < COMMANDS) {
      const n = next++;
      const result = await shell.execute(command(token, n), OPTIONS);
      if (result.exitCode !== 0 || result.stdout !== `${n}\n`)
        wrong.push({ n, exitCode: result.exitCode, stdout: result.stdout });
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return { ms: performance.now() - started, wrong };
}

/** Measures both shells; never throws for a failed part (it is reported). */
export async function runSshBench() {
  const token = String(Date.now()).slice(-9);
  const rows = [];
  const data = { commands: COMMANDS, hosts: HOSTS, perHost: PER_HOST };
  const notes = [];

  const local = new LocalShell();
  const localSandbox = local.sandbox;
  const localRun = await runAll(local, `${token}1`, HOSTS * PER_HOST);
  await local.dispose?.();
  data.localShell = { ms: localRun.ms, perSecond: COMMANDS / (localRun.ms / 1000), wrong: localRun.wrong.length };
  rows.push([
    `LocalShell, ${HOSTS * PER_HOST} at a time (sandbox: ${localSandbox})`,
    `${localRun.ms.toFixed(0)} ms`,
    (COMMANDS / (localRun.ms / 1000)).toFixed(0),
    String(localRun.wrong.length),
  ]);

  if (!existsSync('/usr/sbin/sshd')) {
    notes.push('SshShellPool: not measured — /usr/sbin/sshd is missing (apt-get install -y openssh-server).');
  } else {
    const servers = [];
    try {
      for (let index = 0; index < HOSTS; index++) servers.push(await startSshd());
      // The hosts' sandbox (bubblewrap where they have it, the default), then none: what it costs per command.
      for (const [sandbox, key, slot] of [
        ['auto', 'sshPool', '2'],
        ['off', 'sshPoolUnsandboxed', '3'],
      ]) {
        const pool = new SshShellPool({
          hosts: servers.map((server) => ({ ...server.login, hostKey: { fingerprint: server.fingerprint }, sandbox })),
          maxConcurrentPerHost: PER_HOST,
        });
        try {
          const kind = await pool.execute('true', OPTIONS).then((result) => result.sandbox ?? 'none');
          // More callers than the pool's total: the pool's own limit keeps each host at 4.
          const poolRun = await runAll(pool, `${token}${slot}`, COMMANDS);
          const peak = Math.max(...pool.status().map((host) => host.mostActive));
          data[key] = {
            sandbox: kind,
            ms: poolRun.ms,
            perSecond: COMMANDS / (poolRun.ms / 1000),
            wrong: poolRun.wrong.length,
            peakPerHost: peak,
          };
          rows.push([
            `SshShellPool, ${HOSTS} hosts × ${PER_HOST} (sandbox: ${kind})`,
            `${poolRun.ms.toFixed(0)} ms`,
            (COMMANDS / (poolRun.ms / 1000)).toFixed(0),
            String(poolRun.wrong.length),
          ]);
          notes.push(`Most commands at once on one host (sandbox: ${kind}): ${peak} (limit ${PER_HOST}).`);
        } finally {
          await pool.dispose();
        }
      }
    } catch (error) {
      notes.push(
        `SshShellPool: not measured — ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
      );
    } finally {
      for (const server of servers) await server.stop();
    }
  }
  const left = processesWith(token).length;
  killProcessesWith(token);
  data.processesLeft = left;
  notes.push(`Processes of these commands left running afterwards: ${left}.`);

  const columns = ['Shell', '200 commands', 'commands/s', 'wrong results'];
  console.log('');
  console.log('SSH: 200 commands over a pool of 3 local OpenSSH servers (4 per host) beside LocalShell');
  for (const row of [columns, ...rows])
    console.log(`  ${row[0].padEnd(48)} ${row[1].padStart(10)} ${row[2].padStart(11)} ${row[3].padStart(14)}`);
  for (const note of notes) console.log(`  ${note}`);
  return { data, tables: [{ title: 'SSH pool throughput beside LocalShell', columns, rows }], notes };
}
