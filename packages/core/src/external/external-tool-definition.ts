import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject, type JsonObject } from '../json/json.js';
import { escapeControlCharacters } from '../text/escape-control-characters.js';
import { checkExternalSchema, type ExternalSchemaOptions } from './check-external-schema.js';
import { readAnnotations, type ExternalToolAnnotations } from './external-tool-annotations.js';
import { showValue } from './external-schema-problem.js';
import type { SchemaDialect } from './schema-dialect.js';

/** What an external source says about one tool, before it is checked. */
export interface ExternalToolSpec {
  /** The tool's name at its source: 1 to 128 characters, no control characters. */
  readonly name: unknown;
  /** What the model reads about the tool (may be empty; a host can supply one). */
  readonly description: unknown;
  /** The input's JSON Schema: an object schema, SPEC SC-1..SC-4. */
  readonly inputSchema: unknown;
  /** The JSON Schema of a structured output, held to the same rules, except that it may describe any value (CO-4). */
  readonly outputSchema?: unknown;
  /** Hints about the tool's behaviour (MCP tool annotations); unknown keys and non-boolean hints are dropped. */
  readonly annotations?: unknown;
  /** Where the definition came from, as a human names it: `MCP server 'files'`, `manifest tools/search.json`. */
  readonly origin: string;
}

/** A tool definition from outside (MCP `tools/list`, a manifest, a cache), checked and frozen. */
export interface ExternalToolDefinition {
  /** The tool's name at its source. */
  readonly name: string;
  /** What the model reads about the tool. */
  readonly description: string;
  /** The checked input schema: a deep-frozen copy, `$schema` in its canonical spelling. */
  readonly inputSchema: JsonObject;
  /** The checked output schema, when the source declared one. */
  readonly outputSchema?: JsonObject;
  /** The dialect of the input schema. */
  readonly dialect: SchemaDialect;
  /** The behaviour hints the source declared (untrusted unless the host trusts the source). */
  readonly annotations: ExternalToolAnnotations;
  /** Where the definition came from. */
  readonly origin: string;
}

const NAME = /^[^\p{Cc}]{1,128}$/u;
const created = new WeakSet<object>();

/**
 * The one constructor of external tool definitions (SPEC SC-2): every path that produces one —
 * MCP `tools/list`, a manifest file, a cached snapshot — comes through here, so the schema rules
 * SC-1, SC-3 and SC-4 cannot be bypassed. Returns a frozen definition holding deep-frozen copies
 * of the schemas. Throws {@link ToolwrightError} `INVALID_EXTERNAL_SCHEMA` naming the tool, the
 * origin, the schema path and the rule broken, or `INVALID_TOOL_DEFINITION` for a bad name,
 * description or origin.
 */
export function createExternalToolDefinition(
  spec: ExternalToolSpec,
  options: ExternalSchemaOptions = {},
): ExternalToolDefinition {
  const origin = spec?.origin;
  if (typeof origin !== 'string' || origin.trim() === '') {
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      'An external tool definition needs its origin: where it came from, as a human names it.',
    );
  }
  const { name, description } = spec;
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `External tool definition from ${origin}: the name ${showValue(name)} is not usable (1 to 128 characters, no control characters).`,
    );
  }
  if (typeof description !== 'string') {
    throw new ToolwrightError(
      'INVALID_TOOL_DEFINITION',
      `External tool '${name}' from ${origin}: the description must be a string, not ${showValue(description)}.`,
    );
  }
  const inputSchema = checkSchema(name, origin, 'inputSchema', spec.inputSchema, options);
  const outputSchema =
    spec.outputSchema === undefined
      ? undefined
      : checkSchema(name, origin, 'outputSchema', spec.outputSchema, { ...options, topLevel: 'any' });
  const definition: ExternalToolDefinition = Object.freeze({
    name,
    description,
    inputSchema: inputSchema.schema,
    ...(outputSchema === undefined ? {} : { outputSchema: outputSchema.schema }),
    dialect: inputSchema.dialect,
    annotations: readAnnotations(isPlainObject(spec.annotations) ? spec.annotations : {}),
    origin,
  });
  created.add(definition);
  return definition;
}

/** True for a definition made by {@link createExternalToolDefinition} (not a look-alike object). */
export function isExternalToolDefinition(value: unknown): value is ExternalToolDefinition {
  return typeof value === 'object' && value !== null && created.has(value);
}

function checkSchema(
  name: string,
  origin: string,
  field: 'inputSchema' | 'outputSchema',
  schema: unknown,
  options: ExternalSchemaOptions,
): { schema: JsonObject; dialect: SchemaDialect } {
  const checked = checkExternalSchema(schema, options);
  if (checked.ok) return checked;
  const { problem } = checked;
  throw new ToolwrightError(
    'INVALID_EXTERNAL_SCHEMA',
    `External tool '${name}' from ${origin}: ${field}#${escapeControlCharacters(problem.pointer)}: ${problem.message}.`,
  );
}
