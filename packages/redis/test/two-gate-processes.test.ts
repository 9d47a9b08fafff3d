// Two real Node processes, each with its own ToolGate on the same Redis, bring the same approval at
// the same moment: exactly one of them runs the call.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createRedisApprovalStore, type RedisApprovalStore } from '@toolwright/redis';
import { startRedis, type RedisFixture } from '@toolwright/test-support/redis-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedDeploy, deployGate, refusal } from './fixtures/deploy-gate.mjs';

const GATE_PROCESS = new URL('./fixtures/gate-process.mjs', import.meta.url).pathname;
const ROUNDS = 8;

/** A running gate process, and the lines it writes to stdout, in order. */
interface GateProcess {
  readonly child: ChildProcessWithoutNullStreams;
  nextLine(): Promise<string>;
  readonly exited: Promise<number | null>;
}

function startGateProcess(environment: Record<string, string>): GateProcess {
  const child = spawn(process.execPath, [GATE_PROCESS], { env: { ...process.env, ...environment } });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    child,
    exited,
    async nextLine() {
      const next = await Promise.race([lines.next(), exited.then(() => ({ done: true, value: undefined }))]);
      if (next.done === true) throw new Error(`the gate process ${child.pid} exited: ${stderr.trim()}`);
      return next.value as string;
    },
  };
}

let redis: RedisFixture;
let folder: string;
let store: RedisApprovalStore;
beforeAll(async () => {
  redis = await startRedis();
  folder = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-redis-processes-')));
  store = createRedisApprovalStore({ url: redis.url });
}, 60_000);
afterAll(async () => {
  await store?.close();
  await redis?.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('one approval, two gate processes (SPEC IN-4)', () => {
  it(`IN-4: two processes bring the same approval at the same moment, ${ROUNDS} rounds: each round exactly one runs it, the other is told it was used`, async () => {
    const log = join(folder, 'runs.log');
    writeFileSync(log, '');
    const environment = { REDIS_URL: redis.url, GATE_CWD: folder, RUN_LOG: log };
    const processes = [startGateProcess(environment), startGateProcess(environment)];
    for (const gateProcess of processes) expect(await gateProcess.nextLine()).toBe('ready');

    const issuer = deployGate({ store, cwd: folder, log });
    const contents: string[][] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const approval = await approvedDeploy(issuer, 'prod eu');
      // Both start at one instant a little ahead, so that neither is delayed by the other's message.
      const message = `${JSON.stringify({ round, approval, at: Date.now() + 300 })}\n`;
      for (const gateProcess of processes) gateProcess.child.stdin.write(message);
      const answers = await Promise.all(processes.map(async (gateProcess) => JSON.parse(await gateProcess.nextLine())));
      expect(answers.map((answer: { round: number }) => answer.round)).toEqual([round, round]);
      contents.push(answers.map((answer: { content: string }) => answer.content).sort());
    }

    const used = refusal('prod eu', 'the approval it brought was used already');
    expect(contents).toEqual(Array.from({ length: ROUNDS }, () => ['deployed prod eu', used].sort()));
    const runs = readFileSync(log, 'utf8').trim().split('\n');
    expect(runs).toHaveLength(ROUNDS);
    const pids = processes.map((gateProcess) => `${gateProcess.child.pid} prod eu`);
    expect(runs.filter((run) => !pids.includes(run))).toEqual([]);

    for (const gateProcess of processes) gateProcess.child.stdin.end();
    expect(await Promise.all(processes.map((gateProcess) => gateProcess.exited))).toEqual([0, 0]);
  }, 120_000);
});
