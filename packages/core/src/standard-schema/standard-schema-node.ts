import { findInSchema } from '../json-schema/find-in-schema.js';
import { copyData, mapSchema, type SchemaNode } from '../json-schema/map-schema.js';
import type { JsonObject } from '../json/json.js';

const DOCUMENT = Symbol.for('toolwright.standardSchemaDocument');
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef'] as const;

/**
 * The converted JSON Schema of a Standard Schema field, as it stands in the field's schema: a
 * plain copy (so every reader sees ordinary JSON Schema), marked with the document it came from,
 * so that the schema writer can place a document that refers to itself under `$defs`.
 */
export function markStandardDocument(document: JsonObject): SchemaNode {
  const node = copyData(document) as SchemaNode;
  Object.defineProperty(node, DOCUMENT, { value: document, enumerable: false });
  return node;
}

/** The document a node was marked with by {@link markStandardDocument}, or `undefined`. */
export function standardDocument(node: unknown): JsonObject | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  return (node as Record<symbol, JsonObject | undefined>)[DOCUMENT];
}

/** True when a document holds a reference (`$ref`, `$dynamicRef`), which resolves against its own root. */
export function containsReference(document: JsonObject): boolean {
  return findInSchema(document, (node) => (REFERENCE_KEYWORDS.some((key) => key in node) ? true : undefined)) === true;
}

/**
 * The document as it reads once placed at `pointer` inside a larger schema (`/$defs/Name`): every
 * reference to its root or to a JSON Pointer inside it (`#`, `#/$defs/Node`) is moved under that
 * pointer; plain-name anchors (`#node`) stay as they are.
 */
export function relocateReferences(document: JsonObject, pointer: string): SchemaNode {
  return mapSchema(document, (node, copy) => {
    const copied = copy(node);
    for (const keyword of REFERENCE_KEYWORDS) {
      const reference = copied[keyword];
      if (typeof reference === 'string' && (reference === '#' || reference.startsWith('#/'))) {
        copied[keyword] = `#${pointer}${reference.slice(1)}`;
      }
    }
    return copied;
  }) as SchemaNode;
}
