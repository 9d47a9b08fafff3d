import { describe, expect, it } from 'vitest';
import { describeCut, describeException, ToolResult } from './tool-result.js';

describe('ToolResult', () => {
  it('TC-4: ok and error results are frozen values with metadata', () => {
    const metadata = { truncated: true, originalLength: 40_000 };
    const result = ToolResult.ok('done', { structured: { files: 2 }, metadata });
    expect(result).toEqual({ content: 'done', structured: { files: 2 }, isError: false, metadata });
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.metadata)).toBe(true);
    expect(Object.isFrozen(metadata)).toBe(false);
    expect(ToolResult.error('nope', { metadata: { policyDenied: true } })).toEqual({
      content: 'nope',
      isError: true,
      metadata: { policyDenied: true },
    });
  });

  it('TC-4: ok and error take the same extras, so a failing tool keeps its structured payload', () => {
    const extras = { structured: { exitCode: 2 }, metadata: { exitCode: 2 } };
    expect(ToolResult.error('[exit code: 2]', extras)).toEqual({
      content: '[exit code: 2]',
      structured: { exitCode: 2 },
      isError: true,
      metadata: { exitCode: 2 },
    });
    expect(ToolResult.ok('fine', extras)).toEqual({
      content: 'fine',
      structured: { exitCode: 2 },
      isError: false,
      metadata: { exitCode: 2 },
    });
    expect(Object.keys(ToolResult.error('plain'))).toEqual(['content', 'isError', 'metadata']);
  });

  it('TC-4: derive keeps the kind, text, payload and metadata it is not told to change', () => {
    const failed = ToolResult.error('[exit code: 1]', { structured: { stdout: 'x' }, metadata: { exitCode: 1 } });
    const timed = ToolResult.derive(failed, { metadata: { durationMs: 12 } });
    expect(timed).toEqual({
      content: '[exit code: 1]',
      structured: { stdout: 'x' },
      isError: true,
      metadata: { exitCode: 1, durationMs: 12 },
    });
    expect(Object.isFrozen(timed) && Object.isFrozen(timed.metadata)).toBe(true);
    expect(ToolResult.derive(failed, { content: 'cut', metadata: { exitCode: 9 } })).toEqual({
      content: 'cut',
      structured: { stdout: 'x' },
      isError: true,
      metadata: { exitCode: 9 },
    });
    expect(ToolResult.derive(ToolResult.ok('x', { structured: [1] }), { structured: undefined })).toEqual({
      content: 'x',
      isError: false,
      metadata: {},
    });
    expect(failed.metadata).toEqual({ exitCode: 1 });
  });

  it('PO-3: the cut marker says how much was shown, of how much, and how to get the rest', () => {
    expect(describeCut(29_871, 1_088_889, 'Fix what is shown and call again.')).toBe(
      '[Output cut: showed the first 29,871 of 1,088,889 characters. Fix what is shown and call again.]',
    );
    expect(describeCut(3, 10)).toBe('[Output cut: showed the first 3 of 10 characters.]');
  });

  it('TC-4: recognises the result shape', () => {
    expect(ToolResult.isToolResult(ToolResult.ok('x'))).toBe(true);
    expect(ToolResult.isToolResult({ content: 'x', isError: false })).toBe(false);
    expect(ToolResult.isToolResult('x')).toBe(false);
  });

  it('PO-4: describes anything thrown without a stack', () => {
    expect(describeException(new TypeError('bad'))).toEqual({ name: 'TypeError', message: 'bad' });
    expect(describeException(new Error(''))).toEqual({ name: 'Error', message: 'Error' });
    expect(describeException(Symbol('s'))).toEqual({ name: 'symbol', message: 'Symbol(s)' });
    expect(describeException(10n)).toEqual({ name: 'bigint', message: '[object BigInt]' });
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    expect(describeException(hostile)).toEqual({ name: 'object', message: '(a value that cannot be shown)' });
  });
});
