import { ToolwrightError } from '../errors/toolwright-error.js';
import {
  article,
  describeJsonType,
  isPlainObject,
  setDataProperty,
  type JsonObject,
  type JsonValue,
} from '../json/json.js';

/** Deeper than this, a value is refused (it is either hostile or cyclic). The gate's own cap is lower. */
export const MAX_NORMALIZE_DEPTH = 512;

/**
 * Copies a JSON-compatible value into a deep-frozen JSON value, dropping every object entry whose
 * value is `null` or `undefined` at every object level (array positions keep their `null`s).
 * Keys such as `__proto__` become plain data properties. Throws {@link ToolwrightError}
 * (`INVALID_INPUT`) for values JSON cannot carry, and past {@link MAX_NORMALIZE_DEPTH} levels.
 */
export function normalizeJson(value: unknown): JsonValue {
  return copyValue(value, 0, '');
}

/** Like {@link normalizeJson}, but the value must be an object. */
export function normalizeJsonObject(value: unknown): JsonObject {
  if (!isPlainObject(value)) {
    throw new ToolwrightError('INVALID_INPUT', `Tool input must be a JSON object, but was ${describeValue(value)}.`);
  }
  return copyValue(value, 0, '') as JsonObject;
}

function copyValue(value: unknown, depth: number, path: string): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    throw notJson(path, String(value));
  }
  if (depth >= MAX_NORMALIZE_DEPTH) {
    throw new ToolwrightError(
      'INVALID_INPUT',
      `Tool input is nested deeper than ${MAX_NORMALIZE_DEPTH} levels (or contains a cycle).`,
    );
  }
  if (Array.isArray(value)) {
    const copy: JsonValue[] = [];
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index];
      copy.push(item === undefined ? null : copyValue(item, depth + 1, `${path}[${index}]`));
    }
    return Object.freeze(copy);
  }
  if (isPlainObject(value)) {
    const copy: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) {
      const item = value[key];
      if (item === null || item === undefined) continue;
      setDataProperty(copy, key, copyValue(item, depth + 1, path === '' ? key : `${path}.${key}`));
    }
    return Object.freeze(copy);
  }
  throw notJson(path, typeof value === 'object' ? describeValue(value) : typeof value);
}

/** "an array", "a string", or "an instance of Map" for objects JSON has no word for. */
function describeValue(value: unknown): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && !isPlainObject(value)) {
    const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== '' ? `an instance of ${name}` : 'a non-plain object';
  }
  return article(describeJsonType(value));
}

function notJson(path: string, what: string): ToolwrightError {
  const where = path === '' ? 'Tool input' : `Tool input at '${path}'`;
  return new ToolwrightError('INVALID_INPUT', `${where} is ${what}, which JSON cannot carry.`);
}
