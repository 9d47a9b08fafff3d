/**
 * Freezes a JSON value and everything inside it, and returns it. An object that is already
 * frozen is taken as frozen throughout and not entered. Recursive: use it on values whose depth
 * is already bounded (a built input schema, an external schema after `checkSchemaLimits`).
 */
export function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
