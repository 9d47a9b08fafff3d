// The public API of @toolwright/tools. Every export here is public: add to it deliberately.
export { BashInput, clampTimeout, DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, MIN_TIMEOUT_MS } from './bash/bash-input.js';
export { BashOutputInput, BashOutputTool } from './bash/bash-output-tool.js';
export { BashSession } from './bash/bash-session.js';
export { BACKGROUND_BUFFER_BYTES, BASH_CAPTURE_BYTES, BashTool } from './bash/bash-tool.js';
export { createBashTools, type BashTools } from './bash/create-bash-tools.js';
export { KillShellInput, KillShellTool } from './bash/kill-shell-tool.js';
export { MAX_OUTPUT_CHARS, mergeStreams, renderBashResult } from './bash/render-bash-result.js';
export { stripAnsi } from './bash/strip-ansi.js';
export { createFileTools, type FileTools } from './file/create-file-tools.js';
export { EditInput } from './file/edit-input.js';
export { EditTool, MAX_EDIT_BYTES } from './file/edit-tool.js';
export type { RefusalKind } from './file/file-access.js';
export type { FileToolOptions } from './file/file-tool-options.js';
export { FILE_TYPES } from './file/file-types.js';
export { GlobInput, GlobTool, MAX_GLOB_RESULTS } from './file/glob-tool.js';
export { GrepInput, MAX_CONTEXT_LINES, type GrepOutputMode } from './file/grep-input.js';
export { MAX_PATTERN_LENGTH } from './file/grep-pattern.js';
export { MAX_CONTENT_LINES, MAX_GREP_FILE_BYTES } from './file/grep-search.js';
export { GrepTool } from './file/grep-tool.js';
export { LsInput, LsTool, MAX_LS_ENTRIES } from './file/ls-tool.js';
export { DEFAULT_READ_LINES, MAX_LINE_CHARS, MAX_READ_BYTES, MAX_READ_LINES, ReadInput } from './file/read-input.js';
export { ReadTool } from './file/read-tool.js';
export {
  FILE_PATH_SUBJECT,
  SEARCH_PATH_SUBJECT,
  SEARCH_PERMISSION_ALIASES,
  WRITE_PERMISSION_ALIASES,
} from './file/path-subjects.js';
export { compileToolGlob, MAX_BRACE_EXPANSIONS, MAX_GLOB_LENGTH, type ToolGlob } from './file/tool-glob.js';
export {
  findSecretRule,
  isSecretPath,
  NOT_SECRET,
  SECRET_PATH_RULES,
  type SecretPathRule,
} from './file/secret-paths.js';
export { ALWAYS_SKIPPED_FOLDERS, MAX_WALK_ENTRIES } from './file/walk-tree.js';
export { WriteInput, WriteTool } from './file/write-tool.js';
