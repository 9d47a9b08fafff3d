/** The package version, announced to clients as the default server version and to servers as the client version. */
export const TOOLWRIGHT_MCP_VERSION = '0.1.0';
