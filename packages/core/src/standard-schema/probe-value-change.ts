import { showValue } from '../external/external-schema-problem.js';
import { sampleValues } from './sample-values.js';
import { copyData } from '../json-schema/map-schema.js';
import { isPlainObject, type JsonObject } from '../json/json.js';
import { isSameJsonValue } from '../json/same-json-value.js';
import type { StandardJsonSchema } from './standard-schema.js';
import type { ValueChange } from './value-change.js';

/**
 * A change the schema makes to a value, found by behaviour: each sample built from the schema's
 * JSON Schema ({@link sampleValues}: padded and mixed-case strings, numbers, values of the wrong
 * type, objects and arrays of those) is validated with the schema's own `validate`, and one it
 * accepts but returns as another value (`"  Mixed Case  "` → `"Mixed Case"`, `"12"` → `12`)
 * is the change. Catches what reading the schema's structure cannot see (a Valibot fallback, a
 * check that rewrites `ctx.value`, a hand-written Standard Schema). Samples are defined values,
 * never `undefined`, so no default is evaluated; an asynchronous `validate` is not probed.
 */
export function probeValueChange(schema: StandardJsonSchema, document: JsonObject): ValueChange | undefined {
  const validate = schema['~standard'].validate;
  if (typeof validate !== 'function') return undefined;
  for (const sample of sampleValues(document)) {
    let result: unknown;
    try {
      // A copy: a validator that rewrites its input in place is seen changing it.
      result = validate(copyData(sample));
    } catch {
      continue;
    }
    if (result instanceof Promise) {
      result.catch(() => undefined);
      return undefined;
    }
    if (typeof result !== 'object' || result === null || (result as { issues?: unknown }).issues !== undefined) {
      continue;
    }
    const value = (result as { value?: unknown }).value;
    if (!isSameJsonValue(sample, value)) return { at: '', by: `${show(sample)} became ${show(value)}` };
  }
  return undefined;
}

/** A value as a message shows it ({@link showValue}); a value that is no JSON data by what it is (`a Date`). */
function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value)) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? `a ${name}` : 'an object';
  }
  return showValue(value);
}
