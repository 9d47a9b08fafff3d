// The public API of @toolwright/mcp: every export here is public, so add to it deliberately. Each name is listed in
// test/architecture/export-surface.json, checked by its test; what only sibling packages use goes to internal.ts.
export { readBundleCache, writeBundleCache, type BundleCacheReadOptions } from './bundle/bundle-cache.js';
export { loadManifestBundles, type BundleFailure, type BundleLoadReport } from './bundle/load-manifest-bundles.js';
export { MAX_MANIFEST_BYTES } from './bundle/read-json-file.js';
export { parseToolBundle, toManifestJson, type ToolBundle } from './bundle/tool-bundle.js';
export {
  connectMcpServer,
  type HttpServerTarget,
  type McpConnection,
  type McpConnectOptions,
  type McpElicitation,
  type McpElicitationAnswer,
  type McpElicitationHandler,
  type McpRevision,
  type StdioServerTarget,
} from './client/connect-mcp-server.js';
export { importMcpTools, type McpImportOptions, type McpLogLevel } from './client/import-mcp-tools.js';
export { mcpToolPin } from './client/remote-tool-pin.js';
export { linearJsonSchemaValidator } from './client/linear-json-schema-validator.js';
export { McpErrorCode } from './errors/mcp-error-code.js';
export { TOOLWRIGHT_MCP_VERSION } from './mcp-version.js';
export { createMcpServer, type McpServerOptions } from './server/create-mcp-server.js';
export { type HttpAuthorization, type HttpAuthorizeRequest, type HttpAuthorizer } from './server/http-authorization.js';
export { serveHttp, type HttpServeOptions, type McpHttpServer } from './server/serve-http.js';
export { serveStdio, type McpServerHandle, type StdioServeOptions } from './server/serve-stdio.js';
export { ExternalTool, type ExternalToolInvoker, type ExternalToolOptions } from './tools/external-tool.js';
