/** What the gate does with schema violations (SPEC GV-4). */
export const SchemaValidationMode = {
  /** No schema check. */
  OFF: 'OFF',
  /** Violations are logged and audited; the tool runs (the default: observe first, refuse later). */
  WARN: 'WARN',
  /** Violations come back as an error result; the tool does not run. */
  ENFORCE: 'ENFORCE',
} as const;

/** One of the {@link SchemaValidationMode} values. */
export type SchemaValidationMode = (typeof SchemaValidationMode)[keyof typeof SchemaValidationMode];
