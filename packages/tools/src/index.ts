// The public API of @toolwright/tools. Every export here is public: add to it deliberately.
export { BashInput, clampTimeout, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from './bash/bash-input.js';
export { BashOutputInput, BashOutputTool } from './bash/bash-output-tool.js';
export { BashSession } from './bash/bash-session.js';
export { BACKGROUND_BUFFER_BYTES, BASH_CAPTURE_BYTES, BashTool } from './bash/bash-tool.js';
export { createBashTools, type BashTools } from './bash/create-bash-tools.js';
export { KillShellInput, KillShellTool } from './bash/kill-shell-tool.js';
export { MAX_OUTPUT_CHARS, mergeStreams, renderBashResult } from './bash/render-bash-result.js';
export { stripAnsi } from './bash/strip-ansi.js';
