/**
 * The codes of the `ToolwrightError`s `@toolwright/mcp` throws, beside core's `ErrorCode`
 * (a schema that breaks the rules stays core's `INVALID_EXTERNAL_SCHEMA`). The values are the
 * strings these errors carried when core listed them.
 */
export const McpErrorCode = {
  /** A manifest file or bundle whose format cannot be read (not JSON, wrong shape, duplicate names). */
  INVALID_MANIFEST: 'INVALID_MANIFEST',
  /** An MCP server that could not be reached, initialised or listed. */
  MCP_CONNECTION_FAILED: 'MCP_CONNECTION_FAILED',
} as const;

/** One of the {@link McpErrorCode} values. */
export type McpErrorCode = (typeof McpErrorCode)[keyof typeof McpErrorCode];
