/**
 * Reads one own field of a provider payload whose shape is not guaranteed (it came over the wire):
 * `undefined` when the payload is not an object, lacks the field, or a getter or proxy throws.
 * Converting a payload must never throw (SPEC TC-2).
 */
export function readPayloadField(payload: unknown, key: string): unknown {
  if (typeof payload !== 'object' || payload === null) return undefined;
  try {
    return Object.hasOwn(payload, key) ? (payload as Record<string, unknown>)[key] : undefined;
  } catch {
    return undefined;
  }
}
