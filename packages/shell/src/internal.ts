// @toolwright/shell/internal: helpers shared with the other @toolwright packages. Not part of the public API:
// no semver promise, and it may change in any release. Tool authors and hosts import from '@toolwright/shell'.
export { splitCapturedText, type CapturedParts } from './capture/omission-line.js';
export { BufferedBackgroundProcess } from './capture/buffered-background-process.js';
export type { BackgroundState } from './capture/read-background.js';
export { completeUtf8Prefix } from './capture/utf8.js';
export { notRunResult } from './not-run-result.js';
export {
  seatbeltAvailable,
  seatbeltCommand,
  seatbeltProfile,
  type SeatbeltProfileOptions,
} from './sandbox/seatbelt-profile.js';
export { checkDomainRule } from './sandbox/domain-rules.js';
export { bubblewrapArguments, bubblewrapProbeArguments, INSTALL_SANDBOX, SECCOMP_FD } from './sandbox/bubblewrap.js';
export {
  HOME_SECRET_FOLDERS,
  SECRET_SEARCH_DEPTH,
  SECRET_PATTERNS,
  SECRET_SEARCH_ENTRIES,
  searchStopped,
  type FolderEntry,
  type FolderReader,
} from './sandbox/find-secrets.js';
export { isGlob } from './sandbox/expand-paths.js';
export { resolveSandboxPolicy, STARTUP_FILES, type PolicyHost } from './sandbox/resolve-policy.js';
export type { ResolvedSandboxPolicy } from './sandbox-policy.js';
export { refusalsOf } from './sandbox/sandbox-refusals.js';
export { checkKeys, checkSandboxSetting } from './sandbox/sandbox-setting.js';
export { seccompFilter, seccompSupported } from './sandbox/seccomp-filter.js';
