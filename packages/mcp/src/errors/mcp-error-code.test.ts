import { ErrorCode, ToolwrightError } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { McpErrorCode } from './mcp-error-code.js';

describe('McpErrorCode', () => {
  it("MC-2: mcp's codes live in mcp, with the string values they had in core's list", () => {
    expect(McpErrorCode).toEqual({
      INVALID_MANIFEST: 'INVALID_MANIFEST',
      MCP_CONNECTION_FAILED: 'MCP_CONNECTION_FAILED',
    });
    expect(Object.values(ErrorCode).filter((code) => Object.values<string>(McpErrorCode).includes(code))).toEqual([]);
  });

  it('MC-2: a ToolwrightError with an mcp code is a ToolwrightError like any other', () => {
    const error = new ToolwrightError<McpErrorCode>('MCP_CONNECTION_FAILED', 'Could not connect to the MCP server x.');
    expect(ToolwrightError.isInstance(error) && [error.name, error.code, error.message]).toEqual([
      'ToolwrightError',
      'MCP_CONNECTION_FAILED',
      'Could not connect to the MCP server x.',
    ]);
  });
});
