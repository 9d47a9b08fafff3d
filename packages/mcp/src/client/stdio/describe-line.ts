import { TopLevelFields } from './top-level-fields.js';

/**
 * The top-level `id` of a line that is not a JSON-RPC message, and whether it has a `method`:
 * from the parsed object when the line is JSON, else read through {@link TopLevelFields}, so a
 * truncated answer still names its call.
 */
export function describeLine(text: string): { readonly id: string | number | undefined; readonly hasMethod: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const fields = new TopLevelFields();
    fields.feed(Buffer.from(text, 'utf8'));
    return { id: fields.id, hasMethod: fields.hasMethod };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { id: undefined, hasMethod: false };
  const { id } = value as { id?: unknown };
  return {
    id: typeof id === 'string' || typeof id === 'number' ? id : undefined,
    hasMethod: Object.hasOwn(value, 'method'),
  };
}
