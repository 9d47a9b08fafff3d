// The public API of @toolwright/core. Every export here is public: add to it deliberately.
export { bindInput, prepareBinder, type BindResult } from './binder/bind-input.js';
export type { FieldCheck, ParamDecorator, PublicFieldContext, StandardFieldVerdict } from './decorators/field-check.js';
export type { InputClass } from './decorators/input-class.js';
export { Nested, type Forward } from './decorators/nested.js';
export type {
  EnumParamOptions,
  FieldSchema,
  FieldValue,
  ParamOptionsBase,
  SchemaAdmitsUndefined,
  SchemaParamOptions,
} from './decorators/param-options.js';
export type {
  ArrayItems,
  ArrayItemValue,
  ArrayShorthandOptions,
  NumberShorthandOptions,
  ShorthandKind,
  ShorthandOptions,
  StringShorthandOptions,
} from './decorators/shorthand-options.js';
export { ToolParam, type ToolParamFactory } from './decorators/tool-param.js';
export { ErrorCode, ToolwrightError } from './errors/toolwright-error.js';
export { isPlainObject, type JsonArray, type JsonObject, type JsonPrimitive, type JsonValue } from './json/json.js';
export { MAX_NORMALIZE_DEPTH, normalizeJson, normalizeJsonObject } from './input/normalize-json.js';
export { ToolInput } from './input/tool-input.js';
export { createToolUse, describeInputErrorWithoutArguments, parseToolUse, type ToolUse } from './input/tool-use.js';
export { buildInputSchema } from './schema/build-input-schema.js';
export type {
  StandardJsonSchema,
  StandardJsonSchemaConverter,
  StandardJsonSchemaOptions,
  StandardJsonSchemaProps,
  StandardJsonSchemaTarget,
  StandardSchemaIssue,
  StandardSchemaOutput,
  StandardSchemaResult,
  StandardSchemaTypes,
} from './standard-schema/standard-schema.js';
export {
  copyData,
  mapSchema,
  type MapSchemaOptions,
  type SchemaNode,
  type SchemaNodeMapper,
} from './json-schema/map-schema.js';
export {
  LIST_SUBSCHEMA_KEYWORDS,
  MAP_SUBSCHEMA_KEYWORDS,
  RANGE_KEYWORDS,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from './json-schema/schema-keywords.js';
export { AbstractTool, type AbstractToolDefinition, type ToolDefinition } from './tool/abstract-tool.js';
export { GenericTool, type GenericToolDefinition } from './tool/generic-tool.js';
export { SubjectKind, type PermissionSubject, type SubjectSource } from './tool/permission-subject.js';
export { Concurrency, SafetyLevel, type ToolSafety } from './tool/safety.js';
export type { ResourceClaim, Tool } from './tool/tool.js';
export {
  createToolContext,
  DEFAULT_RUN_OPTIONS,
  SILENT_LOGGER,
  type RunOptions,
  type ToolContext,
  type ToolContextOverrides,
  type ToolLogger,
  type ToolProgress,
} from './tool/tool-context.js';
export {
  describeCut,
  describeException,
  ToolResult,
  type ToolResultChanges,
  type ToolResultExtras,
  type ToolResultMetadata,
} from './tool/tool-result.js';
export { suggestName, damerauLevenshtein } from './validation/did-you-mean.js';
export { compileLinearRegExp, type LinearRegExp } from './validation/linear-regexp.js';
export { describeSchemaType, resolveLocalRef } from './validation/describe-schema-type.js';
export {
  compileSchemaValidator,
  DRAFT_07_URI,
  toShapeSchema,
  type SchemaValidator,
} from './validation/schema-validator.js';
export { formatViolations, type Violation, type ViolationKind } from './validation/violation.js';
export {
  enumViolation,
  inputViolation,
  NOT_EXECUTED,
  patternViolation,
  requiredViolation,
  shapeViolation,
  typeViolation,
  unknownParameterViolation,
  depthViolation,
  violationWithoutValue,
} from './validation/violation-messages.js';
export { default as Type, type Static, type TSchema } from 'typebox';
export {
  checkExternalSchema,
  type ExternalSchemaCheck,
  type ExternalSchemaOptions,
} from './external/check-external-schema.js';
export { MAX_EXTERNAL_SCHEMA_BYTES, MAX_EXTERNAL_SCHEMA_DEPTH } from './external/check-schema-limits.js';
export { SchemaProfile, STRICT_MAX_PATTERN_INPUT } from './external/check-schema-patterns.js';
export type { ExternalSchemaProblem, ExternalSchemaRule } from './external/external-schema-problem.js';
export type { ExternalToolAnnotations } from './external/external-tool-annotations.js';
export {
  createExternalToolDefinition,
  isExternalToolDefinition,
  type ExternalToolDefinition,
  type ExternalToolSpec,
} from './external/external-tool-definition.js';
export { JSON_SCHEMA_2020_12_URI, type SchemaDialect } from './external/schema-dialect.js';
