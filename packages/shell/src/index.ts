// The public API of @toolwright/shell: every export here is public, so add to it deliberately. Each name is listed in
// test/architecture/export-surface.json, checked by its test; what only sibling packages use goes to internal.ts.
export type { BackgroundOptions, BackgroundProcess, BackgroundRead, BackgroundStatus } from './background-process.js';
export { checkCommand, MAX_COMMAND_BYTES } from './check-command.js';
export { checkBackgroundOptions, checkExecutionOptions } from './check-options.js';
export { BoundedCapture } from './capture/bounded-capture.js';
export { OutputRing, type RingRead } from './capture/output-ring.js';
export type { Containment } from './containment.js';
export type { ExecutionOptions } from './execution-options.js';
export { killTrackedTrees } from './local/live-trees.js';
export { LocalShell, RUN_MARKER_VARIABLE, type LocalShellOptions } from './local/local-shell.js';
export { availableContainments } from './local/detect-containment.js';
export { PROMPT_PROOF_ENV } from './local/prompt-proof-env.js';
export type { SandboxKind, SandboxMode, SandboxPolicy, SandboxSetting } from './sandbox-policy.js';
export { shellExitStatus, type ShellCommandResult } from './shell-command-result.js';
export { ShellErrorCode } from './shell-error-code.js';
export { ShellOptionsError } from './shell-options-error.js';
export { ShellStartError } from './shell-start-error.js';
export type { VirtualShell } from './virtual-shell.js';
