import { createToolUse, type ToolContext, type ToolLogger, type ToolProgress } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { ScriptedTool } from '../../test/test-tools.js';
import { createCallProgress, MAX_PROGRESS_MESSAGE_CHARS, SILENT_PROGRESS } from './call-progress.js';
import { ToolGate } from '../tool-gate.js';

/** A gate over one tool that runs `behaviour`; `reports` collects what reaches the host. */
function setUp(behaviour: (context: ToolContext) => unknown, options: { timeoutMs?: number } = {}) {
  const reports: ToolProgress[] = [];
  const tool = new ScriptedTool({ name: 'copy' }, (_input, context) => behaviour(context));
  const gate = new ToolGate({ tools: [tool], ...options });
  const call = (id = 'call-1') =>
    gate.execute(createToolUse(id, 'copy', {}), { onProgress: (update) => reports.push(update) });
  return { gate, call, reports };
}

/** A logger that records what it is told, as `level message fields`. */
function recordingLogger(lines: string[]): ToolLogger {
  const record = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push(`${level} ${message}${fields === undefined ? '' : ` ${JSON.stringify(fields)}`}`);
  return { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
}

describe('call progress', () => {
  it("IN-6: the tool's reports reach the call's onProgress in order, as fresh objects with three fields", async () => {
    const { call, reports } = setUp((context) => {
      context.progress({ progress: 0, total: 3, message: 'starting' });
      context.progress({ progress: 1, total: 3 });
      context.progress({ progress: 2.5, message: 'half way', extra: 'dropped' } as ToolProgress);
      return 'copied';
    });
    expect((await call()).content).toBe('copied');
    expect(reports).toEqual([
      { progress: 0, total: 3, message: 'starting' },
      { progress: 1, total: 3 },
      { progress: 2.5, message: 'half way' },
    ]);
    expect(reports.every((report) => Object.isFrozen(report))).toBe(true);
  });

  it('IN-6: updates with numbers that are not finite and ≥ 0, or whose progress does not grow, are dropped', async () => {
    const { call, reports } = setUp((context) => {
      const report = (update: unknown) => context.progress(update as ToolProgress);
      report({ progress: Number.NaN });
      report({ progress: -1 });
      report({ progress: Number.POSITIVE_INFINITY });
      report({ progress: '1' });
      report({ total: 3 });
      report(null);
      report('50%');
      report({ progress: 1, total: -3 });
      report({ progress: 1, total: Number.NaN });
      report({ progress: 1, total: '3' });
      report({ progress: 2, total: 3 });
      report({ progress: 2, total: 3, message: 'the same progress again' });
      report({ progress: 1, total: 3, message: 'going back' });
      report({
        get progress(): number {
          throw new Error('unreadable');
        },
      });
      report({ progress: 3, total: 3 });
      return 'copied';
    });
    await call();
    expect(reports).toEqual([
      { progress: 2, total: 3 },
      { progress: 3, total: 3 },
    ]);
  });

  it('IN-6: a message that is not a string is left out, and a long one is cut to 1,000 characters without splitting a pair', async () => {
    const long = `${'a'.repeat(MAX_PROGRESS_MESSAGE_CHARS - 1)}😀 and more`;
    const { call, reports } = setUp((context) => {
      context.progress({ progress: 1, message: 42 } as unknown as ToolProgress);
      context.progress({ progress: 2, message: 'b'.repeat(5_000) });
      context.progress({ progress: 3, message: long });
      return 'copied';
    });
    await call();
    expect(reports).toEqual([
      { progress: 1 },
      { progress: 2, message: 'b'.repeat(1_000) },
      { progress: 3, message: 'a'.repeat(999) },
    ]);
  });

  it('IN-6: nothing is reported after the call has finished, nor after the gate abandoned it at its timeout', async () => {
    const contexts: ToolContext[] = [];
    const finished = setUp((context) => {
      contexts.push(context);
      context.progress({ progress: 1 });
      return 'copied';
    });
    await finished.call();
    contexts[0]?.progress({ progress: 2 });
    expect(finished.reports).toEqual([{ progress: 1 }]);

    let lateReport: (() => void) | undefined;
    const abandoned = setUp(
      (context) => {
        context.progress({ progress: 1, message: 'started' });
        lateReport = () => context.progress({ progress: 2, message: 'still going' });
        return new Promise(() => undefined);
      },
      { timeoutMs: 50 },
    );
    const result = await abandoned.call();
    expect(result.metadata.timedOut).toBe(true);
    lateReport?.();
    expect(abandoned.reports).toEqual([{ progress: 1, message: 'started' }]);
  });

  it("IN-6: whatever the host's callback throws or rejects with changes nothing for the tool", async () => {
    const seen: number[] = [];
    const tool = new ScriptedTool({ name: 'copy' }, (_input, context) => {
      context.progress({ progress: 1 });
      context.progress({ progress: 2 });
      context.progress({ progress: 3 });
      return 'copied';
    });
    const gate = new ToolGate({ tools: [tool] });
    const result = await gate.execute(createToolUse('call-1', 'copy', {}), {
      onProgress: (update) => {
        seen.push(update.progress);
        if (update.progress === 1) throw new Error('the screen is gone');
        if (update.progress === 2) return Promise.reject(new Error('the socket is closed')) as unknown as void;
      },
    });
    expect(result).toMatchObject({ content: 'copied', isError: false });
    expect(seen).toEqual([1, 2, 3]);
  });

  it('IN-6: a tool with a path permit reports through the same channel as before its permission was judged', async () => {
    const reports: ToolProgress[] = [];
    const tool = new ScriptedTool(
      {
        name: 'look',
        subject: { kind: 'PATH', parameter: 'path' },
        inputSchema: { type: 'object', properties: { path: { type: 'string' } }, additionalProperties: false },
      },
      (_input, context) => {
        context.progress({ progress: 1 });
        context.progress({ progress: 1, message: 'not growing' });
        return context.permits === undefined ? 'no permit' : 'permit';
      },
    );
    const gate = new ToolGate({
      tools: [tool],
      permissions: { allow: ['look(/tmp/**)'] },
      policies: [
        {
          name: 'announce',
          before: (_tool, _input, context) => (context.progress({ progress: 0 }), { allowed: true }),
        },
      ],
    });
    const result = await gate.execute(createToolUse('call-1', 'look', { path: '/tmp/some-file' }), {
      onProgress: (update) => reports.push(update),
    });
    expect(result.content).toBe('permit');
    expect(reports).toEqual([{ progress: 0 }, { progress: 1 }]);
  });

  it('IN-6: without onProgress every call shares one no-op, and reporting costs nothing', async () => {
    const progressFunctions: unknown[] = [];
    const { gate } = setUp((context) => {
      progressFunctions.push(context.progress);
      context.progress({ progress: 1 });
      return 'copied';
    });
    await gate.execute(createToolUse('call-1', 'copy', {}));
    await gate.execute(createToolUse('call-2', 'copy', {}));
    expect(progressFunctions).toEqual([SILENT_PROGRESS.report, SILENT_PROGRESS.report]);
    expect(createCallProgress(undefined)).toBe(SILENT_PROGRESS);
  });

  it("IN-6: a call's logger replaces the gate's for the tool and for what the gate says about the call", async () => {
    const gateLines: string[] = [];
    const callLines: string[] = [];
    const tool = new ScriptedTool(
      {
        name: 'copy',
        inputSchema: { type: 'object', properties: { count: { type: 'integer' } }, additionalProperties: false },
      },
      (_input, context) => {
        context.logger.info('copying', { files: 3 });
        return 'copied';
      },
    );
    const gate = new ToolGate({ tools: [tool], logger: recordingLogger(gateLines) });
    await gate.execute(createToolUse('call-1', 'copy', { count: 'three' }), { logger: recordingLogger(callLines) });
    expect(callLines).toEqual([
      'warn Schema violations in a call to copy (WARN mode: the tool runs anyway) {"tool":"copy","violations":["Parameter \'count\' must be an integer. The tool was not executed."]}',
      'info copying {"files":3}',
    ]);
    expect(gateLines).toEqual([]);
    await gate.execute(createToolUse('call-2', 'copy', {}));
    expect(gateLines).toEqual(['info copying {"files":3}']);
  });
});
