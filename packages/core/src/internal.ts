// @toolwright/core/internal: helpers shared with the other @toolwright packages. Not part of the public API:
// no semver promise, and it may change in any release. Tool authors and hosts import from '@toolwright/core'.
export {
  checkExternalSchema,
  type ExternalSchemaCheck,
  type ExternalSchemaOptions,
} from './external/check-external-schema.js';
export { isExternalToolDefinition } from './external/external-tool-definition.js';
export { deepFreeze } from './json/deep-freeze.js';
export { isPlainObject } from './json/json.js';
export type { JsonMeasure } from './input/normalize-json.js';
export { measureToolInput } from './input/tool-input.js';
export { describeInputErrorWithoutArguments } from './input/tool-use.js';
export { mapSchema, type MapSchemaOptions, type SchemaNode, type SchemaNodeMapper } from './json-schema/map-schema.js';
export {
  LIST_SUBSCHEMA_KEYWORDS,
  MAP_SUBSCHEMA_KEYWORDS,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from './json-schema/schema-keywords.js';
export { relocateReferences } from './standard-schema/standard-schema-node.js';
export { countCharacters } from './text/count-characters.js';
export { cutLength, cutText, shortenText } from './text/cut-text.js';
export { escapeControlCharacters } from './text/escape-control-characters.js';
export { isMilliseconds, MAX_TIMER_MS, millisecondsProblem, type MillisecondRange } from './time/milliseconds.js';
export { EXECUTE_NOW, isThenable, isToolClass } from './tool/abstract-tool.js';
export {
  base64ByteLength,
  checkContentParts,
  describeBytes,
  describePart,
  isBinaryPart,
  partData,
  resourceFileName,
  wellFormedParts,
  type BinaryPart,
} from './tool/content-part.js';
export { callListener } from './tool/call-listener.js';
export { DEFAULT_RUN_OPTIONS, SILENT_LOGGER } from './tool/tool-context.js';
export { isToolName, MAX_TOOL_NAME_LENGTH } from './tool/tool-name.js';
export { timedResult } from './tool/tool-result.js';
export { resolveLocalRef } from './validation/describe-schema-type.js';
export { suggestName } from './validation/did-you-mean.js';
export { compileLinearRegExp, type LinearRegExp } from './validation/linear-regexp.js';
export { DRAFT_07_URI } from './validation/schema-validator.js';
export { formatViolations } from './validation/violation.js';
export { inputViolation, outputViolationSentence, violationWithoutValue } from './validation/violation-messages.js';
