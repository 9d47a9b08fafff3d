// @toolwright/mcp/internal: helpers shared with the other @toolwright packages. Not part of the public API:
// no semver promise, and it may change in any release. Tool authors and hosts import from '@toolwright/mcp'.
export { toMcpTool } from './server/to-mcp-tool.js';
export { isLoopbackHost } from './server/loopback-host.js';
