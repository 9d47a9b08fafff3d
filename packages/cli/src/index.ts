// The public API of the toolwright package: the command line, callable in-process.
export { PROCESS_IO, type CliIo } from './cli-io.js';
export { renderManifest } from './docs/render-manifest.js';
export { renderMarkdown } from './docs/render-markdown.js';
export { isTool, loadPlugin, type LoadedPlugin, type LoadPluginOptions } from './plugin/load-plugin.js';
export { runCli } from './run-cli.js';
export { UsageError } from './usage-error.js';
