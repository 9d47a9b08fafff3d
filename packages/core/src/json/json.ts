/** A JSON primitive. */
export type JsonPrimitive = string | number | boolean | null;
/** Any JSON value. */
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;
/** A JSON array, read-only. */
export type JsonArray = readonly JsonValue[];
/** A JSON object, read-only. */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** True for `{}`-style objects (plain or null-prototype), false for arrays, class instances and null. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** The JSON type of a value, as the model would name it (`integer` for whole numbers). */
export function describeJsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** A word with its indefinite article, for a JSON type name: "an array", "a string", … */
export function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

/**
 * Sets `target[key] = value` as a plain data property. `__proto__` is defined rather than
 * assigned, so it stays a key and never changes the prototype. Faster than `Object.fromEntries`.
 */
export function setDataProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
