/**
 * Freezes a JSON value and everything inside it. Recursive: use it on values whose depth is
 * already bounded (an external schema after `checkSchemaLimits`).
 */
export function deepFreeze<Value>(value: Value): Value {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
