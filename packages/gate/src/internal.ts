// @toolwright/gate/internal: helpers shared with the other @toolwright packages. Not part of the public API:
// no semver promise, and it may change in any release. Tool authors and hosts import from '@toolwright/gate'.
export { DEFAULT_GATE_TIMEOUT_MS } from './execution/gate-options.js';
export { checkSafety } from './policy/safety-policy.js';
export { toOpenAIResultText } from './providers/openai-result-text.js';
export { approvalRequestDigest } from './permission/approval-binding.js';
export { judgeCall, type CallJudgement } from './tool-gate.js';
export { MAX_ARGUMENT_BYTES } from './validation/input-limits.js';
export {
  explainCall,
  type CallExplanation,
  type ExplainedPart,
  type ExplainedVerdict,
} from './permission/explain-call.js';
