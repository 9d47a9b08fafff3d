const BRAND = Symbol.for('toolwright.error');

/**
 * The codes of core's {@link ToolwrightError}s. Each names one kind of programmer or configuration
 * mistake; what happens during a tool call is reported as a value, not thrown. Other packages keep
 * their own codes beside their code (`@toolwright/mcp`'s `McpErrorCode`) and throw
 * `ToolwrightError<TheirCode>`, so one `isInstance` check catches every package's mistakes.
 */
export const ErrorCode = {
  /** `@ToolParam` has no description (or an empty one). */
  MISSING_DESCRIPTION: 'MISSING_DESCRIPTION',
  /** Two fields of one input class (inherited ones included) share a wire name. */
  DUPLICATE_PARAMETER: 'DUPLICATE_PARAMETER',
  /** A wire or property name that could change prototypes (`__proto__`, `constructor`) or is empty. */
  RESERVED_PARAMETER_NAME: 'RESERVED_PARAMETER_NAME',
  /** An input class without any `@ToolParam` field. */
  NO_PARAMETERS: 'NO_PARAMETERS',
  /** A class thunk (`Nested(() => Inner)`) that returns something other than a class. */
  UNRESOLVED_CLASS_REFERENCE: 'UNRESOLVED_CLASS_REFERENCE',
  /** `@ToolParam` compiled as a standard (TC39) decorator by a compiler that gives no decorator metadata (`context.metadata`). */
  STANDARD_DECORATORS: 'STANDARD_DECORATORS',
  /** The field's emitted `design:type` contradicts its schema. */
  TYPE_MISMATCH: 'TYPE_MISMATCH',
  /** A `default` that does not satisfy its own schema, or a default combined with `optional`. */
  INVALID_DEFAULT: 'INVALID_DEFAULT',
  /** An input class that cannot be used as written (constructor arguments, field initializers, misplaced class references). */
  INVALID_INPUT_CLASS: 'INVALID_INPUT_CLASS',
  /** A tool subclass overrides a final member such as `execute`. */
  FINAL_MEMBER_OVERRIDDEN: 'FINAL_MEMBER_OVERRIDDEN',
  /** A tool definition with a bad name, description, schema or declaration. */
  INVALID_TOOL_DEFINITION: 'INVALID_TOOL_DEFINITION',
  /** A value given to a `ToolInput` factory or accessor that is not what was asked for. */
  INVALID_INPUT: 'INVALID_INPUT',
  /** A schema the validator cannot compile. */
  INVALID_SCHEMA: 'INVALID_SCHEMA',
  /** A result's content part of an unknown type, missing a field, or with bytes that are not base64. */
  INVALID_CONTENT_PART: 'INVALID_CONTENT_PART',
  /** A permission configuration with a rule that cannot be interpreted; the whole configuration is refused. */
  INVALID_PERMISSION_RULE: 'INVALID_PERMISSION_RULE',
  /** A second tool registered under a name already taken. */
  DUPLICATE_TOOL: 'DUPLICATE_TOOL',
  /** Gate or run options that cannot be used as given. */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** A pending approval `gate.approve` cannot grant: changed since it was issued, issued under another secret, or expired. */
  INVALID_APPROVAL: 'INVALID_APPROVAL',
  /** An external tool's schema (MCP server, manifest, cache) that breaks SPEC SC-1..SC-4. */
  INVALID_EXTERNAL_SCHEMA: 'INVALID_EXTERNAL_SCHEMA',
} as const;

/** One of the {@link ErrorCode} values. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The one error class toolwright throws, for programmer and configuration mistakes only.
 * `code` says which mistake; `message` says what to change. `Code` is core's {@link ErrorCode}
 * unless a package names its own list (`new ToolwrightError<McpErrorCode>(…)`): the code is never
 * inferred from the argument, so a misspelt code does not compile.
 */
export class ToolwrightError<Code extends string = ErrorCode> extends Error {
  /** Which mistake this is. */
  readonly code: Code;

  constructor(code: NoInfer<Code>, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ToolwrightError';
    this.code = code;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /**
   * True for a ToolwrightError from any copy of this package (duplicated installs included), with
   * any package's code.
   */
  static isInstance(value: unknown): value is ToolwrightError<string> {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
