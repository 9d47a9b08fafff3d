import { describe, expect, it } from 'vitest';
import { describeException, ToolResult } from './tool-result.js';

describe('ToolResult', () => {
  it('TC-4: ok and error results are frozen values with metadata', () => {
    const metadata = { truncated: true, originalLength: 40_000 };
    const result = ToolResult.ok('done', { structured: { files: 2 }, metadata });
    expect(result).toEqual({ content: 'done', structured: { files: 2 }, isError: false, metadata });
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.metadata)).toBe(true);
    expect(Object.isFrozen(metadata)).toBe(false);
    expect(ToolResult.error('nope', { policyDenied: true })).toEqual({
      content: 'nope',
      isError: true,
      metadata: { policyDenied: true },
    });
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
