import { describe, expect, it } from 'vitest';
import { UsageError } from './usage-error.js';

describe('UsageError', () => {
  it('CL-4: carries the code CLI_USAGE, its name and the exact message', () => {
    const error = new UsageError('call takes a plugin module, a tool name and the arguments (JSON, @file or -)');
    expect(error).toBeInstanceOf(Error);
    expect({ name: error.name, code: error.code, message: error.message }).toEqual({
      name: 'UsageError',
      code: 'CLI_USAGE',
      message: 'call takes a plugin module, a tool name and the arguments (JSON, @file or -)',
    });
  });

  it('CL-4: isInstance recognises a UsageError of another copy of the package by its brand, and nothing else', () => {
    // What a second install of the package makes: a different class with the same Symbol.for brand.
    class OtherCopy extends Error {
      constructor() {
        super('serve takes one plugin module');
        Object.defineProperty(this, Symbol.for('toolwright.usageError'), { value: true });
      }
    }
    expect(UsageError.isInstance(new UsageError('x'))).toBe(true);
    expect(UsageError.isInstance(new OtherCopy())).toBe(true);
    expect(UsageError.isInstance(new Error('serve takes one plugin module'))).toBe(false);
    expect(UsageError.isInstance({ name: 'UsageError', code: 'CLI_USAGE' })).toBe(false);
    expect(UsageError.isInstance(null)).toBe(false);
    expect(UsageError.isInstance('UsageError')).toBe(false);
  });
});
