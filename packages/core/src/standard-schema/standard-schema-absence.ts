import type { ToolwrightError } from '../errors/toolwright-error.js';
import { showValue } from '../external/external-schema-problem.js';
import { copyData } from '../json-schema/map-schema.js';
import type { JsonObject } from '../json/json.js';
import type { StandardJsonSchema } from './standard-schema.js';

/** What a field's Standard Schema says about the field being left out. */
export interface StandardSchemaAbsence {
  /** True when the schema accepts `undefined` as it is (the field may be left out). */
  readonly admitsUndefined: boolean;
  /** True when the schema declares a default in its JSON Schema (`default` at its root). */
  readonly hasDefault: boolean;
  /** That default, when `hasDefault`. */
  readonly defaultValue: unknown;
}

const REQUIRED: StandardSchemaAbsence = { admitsUndefined: false, hasDefault: false, defaultValue: undefined };

/**
 * What happens when the model leaves the field out. A default is only ever the one the schema
 * declares in its JSON Schema (`default` at the root, as zod writes `.default(1)`): toolwright
 * never runs the schema to find one. Without a declared default, `validate(undefined)` is asked
 * once whether the field may be left out; a schema that answers with a value it does not declare
 * (a hidden fallback) is refused, since the field would be left unset where the schema promised it.
 */
export function readStandardSchemaAbsence(
  schema: StandardJsonSchema,
  document: JsonObject,
  refuse: (reason: string) => ToolwrightError,
): StandardSchemaAbsence {
  if (Object.hasOwn(document, 'default')) {
    return { admitsUndefined: false, hasDefault: true, defaultValue: copyData(document.default) };
  }
  const validate = schema['~standard'].validate;
  if (typeof validate !== 'function') return REQUIRED;
  let result: unknown;
  try {
    result = validate(undefined);
  } catch {
    return REQUIRED;
  }
  if (result instanceof Promise) {
    result.catch(() => undefined);
    return REQUIRED;
  }
  if (typeof result !== 'object' || result === null || (result as { issues?: unknown }).issues !== undefined) {
    return REQUIRED;
  }
  const value = (result as { value?: unknown }).value;
  if (value === undefined) return { ...REQUIRED, admitsUndefined: true };
  throw refuse(
    `turns a missing value into ${showValue(value)} but declares no default in its JSON Schema, so toolwright would leave the field unset. Declare the default on the field's schema (.default(…)) or with @ToolParam({ default }).`,
  );
}
