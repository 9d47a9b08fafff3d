// The public API of the toolwright package: the command line, callable in-process.
export { PROCESS_IO, type CliIo } from './io/cli-io.js';
export { renderManifest } from './docs/render-manifest.js';
export { renderMarkdown } from './docs/render-markdown.js';
export { isTool, loadPlugin, type LoadPluginOptions } from './plugin/load-plugin.js';
export type { LoadedPlugin } from './plugin/loaded-plugin.js';
export { runCli } from './run-cli.js';
export { UsageError } from './errors/usage-error.js';
