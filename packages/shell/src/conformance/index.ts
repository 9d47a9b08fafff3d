// The public API of @toolwright/shell/conformance: the shell conformance kit, a vitest suite for any
// VirtualShell. Every export here is public: add to it deliberately.
export type { ConformanceCapabilities, ConformanceTarget } from './conformance-target.js';
export { describeShellConformance } from './describe-shell-conformance.js';
