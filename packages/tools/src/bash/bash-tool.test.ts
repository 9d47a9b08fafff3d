import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { LocalShell, type ExecutionOptions, type ShellCommandResult, type VirtualShell } from '@toolwright/shell';
import { afterAll, describe, expect, it } from 'vitest';
import { createBashTools } from './create-bash-tools.js';

const localShell = new LocalShell();
const local = createBashTools(localShell);
const [bash, bashOutput, killShell] = local.tools as [
  NonNullable<(typeof local.tools)[number]>,
  NonNullable<(typeof local.tools)[number]>,
  NonNullable<(typeof local.tools)[number]>,
];
const context = createToolContext({ cwd: '/tmp' });
const run = (input: Record<string, unknown>, tool = bash): Promise<ToolResult> =>
  tool.execute(ToolInput.of(input), context);

afterAll(() => local.session?.dispose());

/** A shell that records what it was asked and answers with a fixed result. */
function recordingShell(
  result: Partial<ShellCommandResult> = {},
): VirtualShell & { calls: [string, ExecutionOptions][] } {
  const calls: [string, ExecutionOptions][] = [];
  return {
    calls,
    execute: (command, options) => {
      calls.push([command, options]);
      return Promise.resolve({
        exitCode: 0,
        signal: null,
        stdout: '',
        stderr: '',
        stdoutBytes: 0,
        stderrBytes: 0,
        truncated: false,
        durationMs: 1,
        timedOut: false,
        aborted: false,
        ...result,
      });
    },
  };
}

describe('Bash', () => {
  it('BT-1: a successful command shows its output and no marker', async () => {
    const result = await run({ command: 'echo hello; echo world' });
    expect(result).toMatchObject({
      content: 'hello\nworld\n',
      isError: false,
      metadata: { exitCode: 0, timedOut: false, containment: localShell.containment },
    });
  });

  it('BT-1: a failing command ends with [exit code: N]; stderr is merged after stdout', async () => {
    const result = await run({ command: 'echo out; echo err >&2; exit 3' });
    expect(result).toMatchObject({ content: 'out\nerr\n[exit code: 3]', isError: true, metadata: { exitCode: 3 } });
  });

  it('BT-1: a timeout shows the partial output and [timed out after Nms], with the timeout raised to 1,000 ms', async () => {
    const started = performance.now();
    const result = await run({ command: 'echo before; sleep 30; true', timeout: 10 });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({
      content: 'before\n[timed out after 1000ms]',
      isError: true,
      metadata: { timedOut: true },
    });
  });

  it('BT-1: Command failed appears only when nothing could run', async () => {
    const result = await bash.execute(
      ToolInput.of({ command: 'echo hi' }),
      createToolContext({ cwd: '/no/such/folder' }),
    );
    expect(result).toMatchObject({
      content: 'Command failed: The working directory does not exist or is not a directory: /no/such/folder',
      isError: true,
    });
    expect((await run({ command: 'no-such-program-here' })).content).toBe(
      'bash: line 1: no-such-program-here: command not found\n[exit code: 127]',
    );
  });

  it('BT-1: escape codes are stripped from what the model reads; the raw bytes stay in the result', async () => {
    const result = await run({ command: "printf '\\033[31mred\\033[0m plain\\n'" });
    expect(result.content).toBe('red plain\n');
    expect((result.structured as { stdout: string }).stdout).toBe('\u001b[31mred\u001b[0m plain\n');
  });

  it('BT-1/PO-3: output is cut so that the marker after it is never lost, 30,000 characters in all', async () => {
    const result = await run({ command: 'head -c 100000 /dev/zero | tr "\\0" x; exit 1' });
    expect(result.content.length).toBe(30_000);
    expect(result.content).toBe(
      `${'x'.repeat(29_751)}\n[Output cut: the command printed 100,000 bytes on stdout and nothing on stderr; shown: the first 29,751 characters of stdout. To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.]\n[exit code: 1]`,
    );
    expect(result.metadata).toMatchObject({ truncated: true, originalLength: 100_000, stdoutBytes: 100_000 });
  });

  it('BT-1/PO-3: under a lower output limit the cut follows it, so the gate never cuts the exit-code marker off', async () => {
    const small = createToolContext({ cwd: '/tmp', options: { maxToolOutputChars: 1_000 } });
    const result = await bash.execute(
      ToolInput.of({ command: 'head -c 100000 /dev/zero | tr "\\0" x; exit 3' }),
      small,
    );
    expect(result.content.length).toBe(1_000);
    expect(result.content.endsWith('filter it with grep, head or tail.]\n[exit code: 3]')).toBe(true);
    expect(result.content.split('\n').at(-2)).toBe(
      '[Output cut: the command printed 100,000 bytes on stdout and nothing on stderr; shown: the first 754 characters of stdout. To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.]',
    );
  });

  it('PO-3: a cut successful output ends with a line saying what was cut and how to get the rest', async () => {
    const result = await run({ command: 'seq 1 50000' });
    expect(result.isError).toBe(false);
    expect(result.content.length).toBe(30_000);
    expect(result.content.split('\n').slice(-2)).toEqual([
      '617',
      '[Output cut: the command printed 288,894 bytes on stdout and nothing on stderr; shown: the first 29,766 characters of stdout. To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.]',
    ]);
    expect(result.metadata).toMatchObject({ truncated: true, originalLength: 288_894 });
  });

  it('BT-1: clamps the timeout to [1000, 600000], defaults to 120000, and passes the capture cap explicitly', async () => {
    const shell = recordingShell();
    const [tool] = createBashTools(shell).tools;
    for (const timeout of [10, 999_999, undefined, 5_000]) {
      await tool?.execute(ToolInput.of({ command: 'true', timeout }), context);
    }
    expect(shell.calls.map(([, options]) => options.timeoutMs)).toEqual([1_000, 600_000, 120_000, 5_000]);
    expect(shell.calls.every(([, options]) => options.maxCaptureBytes === 1_048_576 && options.cwd === '/tmp')).toBe(
      true,
    );
  });

  it('BT-1: a signal death reads as 128 + the signal number', async () => {
    expect((await run({ command: 'kill -9 $$' })).content).toBe('[exit code: 137]');
  });

  it('BT-1: exposes its command as a COMMAND subject, and the schema says additionalProperties: false', () => {
    expect(bash.permissionSubject?.(ToolInput.of({ command: 'git status' }))).toEqual({
      kind: 'COMMAND',
      value: 'git status',
    });
    expect(bash.inputSchema).toMatchObject({ additionalProperties: false, required: ['command'] });
    expect([bash.title, bash.safety]).toEqual([
      'Run a shell command',
      { level: 'BASH', destructive: true, idempotent: false, openWorld: true },
    ]);
  });

  it('BT-1: registered only when a shell is supplied', () => {
    expect(createBashTools(undefined)).toEqual({ tools: [], session: undefined });
    expect(local.tools.map((tool) => tool.name)).toEqual(['Bash', 'BashOutput', 'KillShell']);
  });
});

describe('background commands', () => {
  it('BT-2: returns an id at once; BashOutput returns what is new, with the status and exit code', async () => {
    const started = await run({ command: 'echo first; sleep 0.3; echo second; exit 4', run_in_background: true });
    expect(started.content).toBe(
      'Started background shell bash_1. Read its output with BashOutput (bash_id: "bash_1"); stop it with KillShell (shell_id: "bash_1").',
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await run({ bash_id: 'bash_1' }, bashOutput)).content).toBe('first\n[status: running]');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await run({ bash_id: 'bash_1' }, bashOutput)).content).toBe('second\n[status: exited, exit code: 4]');
    expect((await run({ bash_id: 'bash_1' }, bashOutput)).content).toBe('[status: exited, exit code: 4]');
  });

  it('BT-2: KillShell ends a running command; unknown ids are named', async () => {
    const started = await run({ command: 'while true; do echo tick; sleep 0.05; done', run_in_background: true });
    const id = started.metadata.bashId as string;
    expect((await run({ shell_id: id }, killShell)).content).toBe(
      `Killed background shell ${id} and everything it started.`,
    );
    expect((await run({ shell_id: id }, killShell)).content).toBe(`Background shell ${id} was already killed.`);
    expect((await run({ bash_id: id }, bashOutput)).content.endsWith('[status: killed]')).toBe(true);
    expect(await run({ bash_id: 'bash_99' }, bashOutput)).toMatchObject({
      content: `No background shell has the id 'bash_99'. Known ids: bash_1, ${id}.`,
      isError: true,
    });
  });

  /** Starts `command` in the background and waits (generously) until it has exited and all its output is read. */
  async function finishedInBackground(command: string): Promise<string> {
    const started = await run({ command, run_in_background: true });
    const id = started.metadata.bashId as string;
    const deadline = Date.now() + 120_000;
    while (local.session?.get(id)?.status === 'running' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return id;
  }

  const HINT =
    'To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.';

  it('BT-2/PO-3: BashOutput after 50 MB: the bytes printed since the last read, what the buffer kept, the characters shown', async () => {
    const id = await finishedInBackground(`head -c 52428800 /dev/zero | tr '\\0' x`);
    const result = await run({ bash_id: id }, bashOutput);
    expect(result.content).toBe(
      `[Output cut: the command printed 52,428,800 bytes on stdout and stderr since the last read, of which the buffer kept the last 1,048,576 bytes; shown: the last 29,683 characters. ${HINT}]\n${'x'.repeat(29_683)}\n[status: exited, exit code: 0]`,
    );
    expect(result.content).toHaveLength(30_000);
    expect(result.metadata).toMatchObject({
      droppedBytes: 52_428_800 - 1_048_576,
      printedBytes: 52_428_800,
      truncated: true,
    });
    expect((await run({ bash_id: id }, bashOutput)).content).toBe('[status: exited, exit code: 0]');
  });

  it('BT-2/PO-3: BashOutput of more than fits, nothing dropped: the bytes since the last read and the last characters shown, on stdout and stderr', async () => {
    const id = await finishedInBackground(
      `head -c 60000 /dev/zero | tr '\\0' o; head -c 40000 /dev/zero | tr '\\0' e >&2; exit 3`,
    );
    const result = await run({ bash_id: id }, bashOutput);
    expect(result.content).toBe(
      `[Output cut: the command printed 100,000 bytes on stdout and stderr since the last read; shown: the last 29,737 characters. ${HINT}]\n${'e'.repeat(29_737)}\n[status: exited, exit code: 3]`,
    );
    expect(result.content).toHaveLength(30_000);
    expect(result.metadata).toMatchObject({ droppedBytes: 0, printedBytes: 100_000, truncated: true });
  });

  it('BT-2/PO-3: under a lower output limit BashOutput cuts to it and keeps its status line', async () => {
    const id = await finishedInBackground('seq 1 10000');
    const small = createToolContext({ cwd: '/tmp', options: { maxToolOutputChars: 1_000 } });
    const result = await bashOutput.execute(ToolInput.of({ bash_id: id }), small);
    expect(result.content.length).toBeLessThanOrEqual(1_000);
    expect(result.content.split('\n')[0]).toBe(
      `[Output cut: the command printed 48,894 bytes on stdout and stderr since the last read; shown: the last 741 characters. ${HINT}]`,
    );
    expect(result.content.endsWith('\n9999\n10000\n[status: exited, exit code: 0]')).toBe(true);
  });

  it('BT-2: disposing the session kills everything still running', async () => {
    const { tools, session } = createBashTools(new LocalShell());
    const started = await (tools[0] as typeof bash).execute(
      ToolInput.of({ command: 'sleep 100; true', run_in_background: true }),
      context,
    );
    const id = started.metadata.bashId as string;
    await session?.dispose();
    expect(session?.get(id)?.status).toBe('killed');
  });
});
