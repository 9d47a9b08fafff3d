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
