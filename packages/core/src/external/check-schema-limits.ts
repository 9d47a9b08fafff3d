import { isPlainObject } from '../json/json.js';
import { schemaProblem, type ExternalSchemaProblem } from './external-schema-problem.js';

/** The largest external schema accepted, in UTF-8 bytes of its JSON text (SPEC SC-4): 256 KB. */
export const MAX_EXTERNAL_SCHEMA_BYTES = 262_144;

/** The deepest external schema accepted, in JSON nesting levels: `{}` is 1, `{"a": {}}` is 2 (SPEC SC-4). */
export const MAX_EXTERNAL_SCHEMA_DEPTH = 32;

interface Pending {
  readonly value: unknown;
  readonly depth: number;
  readonly parent: Pending | undefined;
  readonly key: string | number;
}

/**
 * SC-4, checked before anything else looks at the schema: JSON data only (no functions,
 * `undefined`, non-finite numbers or class instances), at most {@link MAX_EXTERNAL_SCHEMA_DEPTH}
 * levels deep, at most {@link MAX_EXTERNAL_SCHEMA_BYTES} bytes of JSON. The walk uses its own
 * stack and stops at the first node too deep, so neither hostile nesting nor a cycle can
 * overflow the call stack or loop. Once this passes, recursive walks of the schema are safe.
 */
export function checkSchemaLimits(schema: unknown): ExternalSchemaProblem | undefined {
  const stack: Pending[] = [{ value: schema, depth: 0, parent: undefined, key: '' }];
  while (stack.length > 0) {
    const entry = stack.pop() as Pending;
    const { value } = entry;
    if (value === null || typeof value === 'string' || typeof value === 'boolean') continue;
    if (typeof value === 'number' && Number.isFinite(value)) continue;
    const isArray = Array.isArray(value);
    if (!isArray && !isPlainObject(value)) {
      return schemaProblem(
        'limits',
        pathOf(entry),
        `the schema holds a value that is not JSON data (${describe(value)})`,
      );
    }
    const depth = entry.depth + 1;
    if (depth > MAX_EXTERNAL_SCHEMA_DEPTH) {
      return schemaProblem(
        'limits',
        pathOf(entry),
        `the schema is nested more than ${MAX_EXTERNAL_SCHEMA_DEPTH} levels deep`,
      );
    }
    const keys: (string | number)[] = isArray ? value.map((_, index) => index) : Object.keys(value);
    // Pushed in reverse, so the first problem found is the first in document order.
    for (let index = keys.length - 1; index >= 0; index--) {
      const key = keys[index] as string | number;
      const child: unknown = (value as Record<string | number, unknown>)[key];
      stack.push({ value: child, depth, parent: entry, key });
    }
  }
  const bytes = new TextEncoder().encode(JSON.stringify(schema)).byteLength;
  if (bytes > MAX_EXTERNAL_SCHEMA_BYTES) {
    return schemaProblem(
      'limits',
      [],
      `the schema is ${bytes} bytes of JSON; at most ${MAX_EXTERNAL_SCHEMA_BYTES} (256 KB) are accepted`,
    );
  }
  return undefined;
}

function pathOf(entry: Pending): (string | number)[] {
  const path: (string | number)[] = [];
  for (let node: Pending | undefined = entry; node?.parent !== undefined; node = node.parent) path.push(node.key);
  return path.reverse();
}

function describe(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && value !== null) return value.constructor?.name ?? 'object';
  return typeof value;
}
