// The public API of @toolwright/tools: every export here is public, so add to it deliberately. Each name is listed in
// test/architecture/export-surface.json, checked by its test; what only sibling packages use goes to internal.ts.
export { BashInput } from './bash/bash-input.js';
export { BashOutputInput, BashOutputTool } from './bash/bash-output-tool.js';
export { BashSession } from './bash/bash-session.js';
export { BashTool } from './bash/bash-tool.js';
export { createBashTools, type BashTools, type LocalBashToolsOptions } from './bash/create-bash-tools.js';
export { KillShellInput, KillShellTool } from './bash/kill-shell-tool.js';
export { createFileTools, type FileTools } from './file/create-file-tools.js';
export { EditInput } from './file/write/edit-input.js';
export { EditTool } from './file/write/edit-tool.js';
export type { RefusalKind } from './file/access/file-access.js';
export type { FileToolOptions } from './file/access/file-tool-options.js';
export { GlobInput, GlobTool } from './file/list/glob-tool.js';
export { GrepInput, type GrepOutputMode } from './file/grep/grep-input.js';
export { GrepTool } from './file/grep/grep-tool.js';
export { LsInput, LsTool } from './file/list/ls-tool.js';
export { ReadInput } from './file/read/read-input.js';
export { ReadTool } from './file/read/read-tool.js';
export {
  FILE_PATH_SUBJECT,
  SEARCH_PATH_SUBJECT,
  SEARCH_PERMISSION_ALIASES,
  WRITE_PERMISSION_ALIASES,
} from './file/access/path-subjects.js';
export {
  findSecretRule,
  isSecretPath,
  NOT_SECRET,
  SECRET_PATH_RULES,
  type SecretPathRule,
} from '@toolwright/core/node';
export { WriteInput, WriteTool } from './file/write/write-tool.js';
// The limits the README names (SPEC ST-3): what a host may show its users, or check a call against.
export { MAX_CONTENT_LINES } from './file/grep/grep-search.js';
export { MAX_CONTEXT_LINES } from './file/grep/grep-input.js';
export { MAX_GREP_FILE_BYTES } from './file/grep/grep-read-file.js';
export { MAX_PATTERN_LENGTH } from './file/grep/grep-pattern.js';
export { FILE_TYPES } from './file/grep/file-types.js';
export { MAX_GLOB_RESULTS } from './file/list/glob-tool.js';
export { MAX_LS_ENTRIES } from './file/list/ls-tool.js';
export { ALWAYS_SKIPPED_FOLDERS, MAX_WALK_ENTRIES } from './file/list/walk-tree.js';
export { DEFAULT_READ_LINES, MAX_LINE_CHARS, MAX_READ_BYTES, MAX_READ_LINES } from './file/read/read-input.js';
export { MAX_IMAGE_BYTES } from './file/read/read-tool.js';
export { MAX_EDIT_BYTES } from './file/write/edit-tool.js';
