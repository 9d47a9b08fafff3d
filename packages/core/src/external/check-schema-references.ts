import { findInSchema } from '../json-schema/find-in-schema.js';
import { isPlainObject } from '../json/json.js';
import { resolveLocalRef } from '../validation/describe-schema-type.js';
import { schemaProblem, showValue, type ExternalSchemaProblem } from './external-schema-problem.js';

/** The keywords that refer to another schema; `$recursiveRef` (2019-09) is held to the same rule. */
const REFERENCE_KEYWORDS = ['$ref', '$dynamicRef', '$recursiveRef'] as const;

/**
 * SC-1 on every subschema, `$defs` included whether referenced or not: each reference is a string
 * starting with `#` that resolves inside this document (a JSON Pointer to an existing schema node, or a
 * plain-name fragment naming an `$anchor`/`$dynamicAnchor` declared here); `$id` and `$schema`
 * appear only at the root. Nothing is ever fetched: a reference that does not start with `#`
 * is refused here, before any validator sees the schema.
 */
export function checkSchemaReferences(root: Record<string, unknown>): ExternalSchemaProblem | undefined {
  const anchors = new Set<string>();
  findInSchema(root, (node) => {
    for (const keyword of ['$anchor', '$dynamicAnchor']) {
      if (typeof node[keyword] === 'string') anchors.add(node[keyword]);
    }
    return undefined;
  });
  const idProblem = checkRootId(root.$id);
  if (idProblem !== undefined) return idProblem;
  return findInSchema(root, (node, path) => {
    if (path.length > 0) {
      for (const keyword of ['$id', '$schema']) {
        if (Object.hasOwn(node, keyword)) {
          return schemaProblem(
            'references',
            [...path, keyword],
            `${keyword} may appear only at the root of the schema`,
          );
        }
      }
    }
    for (const keyword of REFERENCE_KEYWORDS) {
      if (!Object.hasOwn(node, keyword)) continue;
      const reference = node[keyword];
      const at = [...path, keyword];
      if (typeof reference !== 'string') {
        return schemaProblem('references', at, `${keyword} must be a string, not ${showValue(reference)}`);
      }
      if (!reference.startsWith('#')) {
        return schemaProblem(
          'references',
          at,
          `${keyword} must start with '#' (a reference inside the schema), not ${showValue(reference)}`,
        );
      }
      if (!resolves(root, reference, anchors)) {
        return schemaProblem('references', at, `${keyword} ${showValue(reference)} does not resolve inside the schema`);
      }
    }
    return undefined;
  });
}

/**
 * A root `$id` may not name a schema published by json-schema.org (the dialects' meta-schemas and
 * vocabularies): a validator downstream that registers schemas by `$id` would take this tool's
 * schema for the meta-schema, or refuse it as a duplicate.
 */
function checkRootId(id: unknown): ExternalSchemaProblem | undefined {
  if (typeof id !== 'string' || !URL.canParse(id)) return undefined;
  // `JSON-Schema.org.` is the same host as `json-schema.org`.
  if (new URL(id).hostname.replace(/\.+$/, '') !== META_SCHEMA_HOST) return undefined;
  return schemaProblem(
    'references',
    ['$id'],
    `$id ${showValue(id)} names a JSON Schema meta-schema; a tool's schema needs an id of its own`,
  );
}

const META_SCHEMA_HOST = 'json-schema.org';

function resolves(root: Record<string, unknown>, reference: string, anchors: ReadonlySet<string>): boolean {
  const fragment = reference.slice(1);
  if (fragment !== '' && !fragment.startsWith('/')) return anchors.has(fragment);
  try {
    const target = resolveLocalRef(root, reference);
    return isPlainObject(target) || typeof target === 'boolean';
  } catch {
    // A malformed percent-escape (`#/%E0%A4%A`) names nothing.
    return false;
  }
}
