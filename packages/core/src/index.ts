// The public API of @toolwright/core: every export here is public, so add to it deliberately. Each name is listed in
// test/architecture/export-surface.json, checked by its test; what only sibling packages use goes to internal.ts.
// Left out on purpose: the Standard Schema interfaces (a field takes any zod, Valibot or ArkType schema as
// it is; their own packages name the types), and the dialect URI core's checks use.
export { bindInput, type BindResult } from './binder/bind-input.js';
export type { FieldCheck, ParamDecorator } from './decorators/field-check.js';
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
export type { JsonArray, JsonObject, JsonPrimitive, JsonValue } from './json/json.js';
export { ToolInput } from './input/tool-input.js';
export { createToolUse, parseToolUse, type ToolUse } from './input/tool-use.js';
export { buildInputSchema } from './schema/build-input-schema.js';
export { AbstractTool, type AbstractToolDefinition, type ToolDefinition } from './tool/abstract-tool.js';
export { GenericTool, type GenericToolDefinition, type OutputClass } from './tool/generic-tool.js';
export { SubjectKind, type PermissionSubject, type SubjectSource } from './tool/permission-subject.js';
export { Concurrency, SafetyLevel, type ToolSafety } from './tool/safety.js';
export type { ResourceClaim, Tool } from './tool/tool.js';
export {
  createToolContext,
  type RunOptions,
  type ToolContext,
  type ToolContextOverrides,
  type ToolLogger,
  type ToolProgress,
} from './tool/tool-context.js';
export {
  describeParts,
  type AudioPart,
  type ContentPart,
  type EmbeddedResourcePart,
  type ImagePart,
  type ResourceLinkPart,
  type TextPart,
} from './tool/content-part.js';
export {
  describeCut,
  ToolResult,
  type ToolResultChanges,
  type ToolResultExtras,
  type ToolResultMetadata,
} from './tool/tool-result.js';
export { compileSchemaValidator, type SchemaValidator } from './validation/schema-validator.js';
export type { Violation, ViolationKind } from './validation/violation.js';
export { default as Type, type Static, type TSchema } from 'typebox';
export { SchemaProfile, STRICT_MAX_PATTERN_INPUT } from './external/check-schema-patterns.js';
export type { ExternalSchemaProblem, ExternalSchemaRule } from './external/external-schema-problem.js';
export type { ExternalToolAnnotations } from './external/external-tool-annotations.js';
export {
  createExternalToolDefinition,
  type ExternalToolDefinition,
  type ExternalToolSpec,
} from './external/external-tool-definition.js';
export type { SchemaDialect } from './external/schema-dialect.js';
