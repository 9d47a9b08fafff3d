import type { JsonObject } from '@toolwright/core';
import { isPlainObject, relocateReferences } from '@toolwright/core/internal';

/**
 * The one key a non-object output is wrapped in on MCP (SPEC CO-4): MCP's `outputSchema` must
 * describe an object, and `structuredContent` must be one, so a tool whose output is a list, a
 * number or text is listed as `{ "result": <its schema> }` and answers `{ "result": <its output> }`
 * (the name FastMCP uses for the same wrapping).
 */
export const WRAPPED_OUTPUT_KEY = 'result';

/** A tool's output schema as MCP carries it, and whether its payloads are wrapped. */
export interface McpOutputSchema {
  readonly schema: JsonObject;
  readonly wrapped: boolean;
}

const made = new WeakMap<object, McpOutputSchema>();

/**
 * The MCP form of an output schema, made once per schema object: an object schema as it is;
 * anything else as the schema of an object with the one required {@link WRAPPED_OUTPUT_KEY}, the
 * original under it — its `$schema` moved to the top, and its references to its own root or to
 * JSON Pointers inside it (`#`, `#/$defs/Node`) moved with it, unless it names its own base (`$id`),
 * which they resolve against wherever it is.
 */
export function mcpOutputSchema(schema: JsonObject): McpOutputSchema {
  let form = made.get(schema);
  if (form === undefined) {
    form = schema.type === 'object' ? { schema, wrapped: false } : { schema: wrap(schema), wrapped: true };
    made.set(schema, form);
  }
  return form;
}

/** `structuredContent` for a payload under `schema`: wrapped when the schema is, an object as it is, else nothing. */
export function mcpStructuredContent(
  schema: JsonObject | undefined,
  structured: unknown,
): Record<string, unknown> | undefined {
  if (structured === undefined) return undefined;
  if (schema !== undefined && mcpOutputSchema(schema).wrapped) return { [WRAPPED_OUTPUT_KEY]: structured };
  return isPlainObject(structured) ? structured : undefined;
}

function wrap(schema: JsonObject): JsonObject {
  const { $schema, ...rest } = schema;
  const inner: JsonObject =
    typeof rest.$id === 'string' ? rest : (relocateReferences(rest, `/properties/${WRAPPED_OUTPUT_KEY}`) as JsonObject);
  return {
    ...($schema === undefined ? {} : { $schema }),
    type: 'object',
    properties: { [WRAPPED_OUTPUT_KEY]: inner },
    required: [WRAPPED_OUTPUT_KEY],
    additionalProperties: false,
  };
}
