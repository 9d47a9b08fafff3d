import { compileSchemaValidator, type Violation } from '@toolwright/core';
import {
  compileLinearRegExp,
  inputViolation,
  isPlainObject,
  mapSchema,
  resolveLocalRef,
  type SchemaNode,
} from '@toolwright/core/internal';

/** A schema check that never refuses what it does not understand (SPEC GV-3). */
export interface TolerantValidator {
  /** Every shape violation the validator could check. Never throws for JSON input. */
  validate(value: unknown): Violation[];
  /** What was passed through unchecked because the validator does not understand it (for the host's log). */
  readonly unchecked: readonly string[];
}

const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * Compiles any tool's input schema — including ones the gate did not write (MCP servers,
 * manifests) — so that unknown keywords, unknown type names, patterns the linear-time engine
 * cannot compile, and references that do not resolve inside the document are passed, not
 * rejected, while their siblings are still checked. When the whole schema still cannot be
 * compiled, each top-level property that can be is checked on its own; the rest pass. When not
 * even that can be built, every call is answered with `UNCHECKABLE_INPUT`: a validator that
 * cannot be built never lets a call through unchecked (ENFORCE refuses it, WARN logs it).
 * Never throws.
 */
export function compileTolerantValidator(schema: unknown): TolerantValidator {
  const unchecked: string[] = [];
  try {
    const sanitized = sanitize(schema, unchecked);
    try {
      const validator = compileSchemaValidator(sanitized);
      return { validate: (value) => validator.validate(value), unchecked };
    } catch {
      return compilePerProperty(sanitized, unchecked);
    }
  } catch {
    return uncheckable(unchecked);
  }
}

/** What a call is told when the tool's input schema cannot be turned into any check at all. */
export const UNCHECKABLE_INPUT =
  "The arguments could not be checked because this tool's input schema cannot be compiled.";

function uncheckable(unchecked: readonly string[]): TolerantValidator {
  const violations = Object.freeze([inputViolation(UNCHECKABLE_INPUT)]);
  return { validate: () => [...violations], unchecked: [...unchecked, 'the whole schema'] };
}

function sanitize(schema: unknown, unchecked: string[]): unknown {
  const root = schema;
  return mapSchema(schema, (node, copy) => {
    const copied: SchemaNode = copy(node);
    if (copied.type !== undefined) {
      const types = (Array.isArray(copied.type) ? copied.type : [copied.type]).filter(
        (type) => typeof type === 'string' && JSON_TYPES.has(type),
      );
      if (types.length === 0) {
        unchecked.push(`type ${JSON.stringify(copied.type)}`);
        delete copied.type;
      } else if (Array.isArray(copied.type) ? types.length !== copied.type.length : false) {
        unchecked.push(`type ${JSON.stringify(copied.type)}`);
        copied.type = types;
      }
    }
    if (typeof copied.pattern === 'string' && !compiles(copied.pattern)) {
      unchecked.push(`pattern ${copied.pattern}`);
      delete copied.pattern;
    }
    if (isPlainObject(copied.patternProperties)) {
      const broken = Object.keys(copied.patternProperties).filter((pattern) => !compiles(pattern));
      if (broken.length > 0) {
        unchecked.push(...broken.map((pattern) => `patternProperties ${pattern}`));
        // Without those patterns the gate cannot tell which names they admit: let every name pass.
        for (const pattern of broken) delete copied.patternProperties[pattern];
        delete copied.additionalProperties;
      }
    }
    for (const keyword of ['$ref', '$dynamicRef'] as const) {
      const reference = copied[keyword];
      if (typeof reference === 'string' && !resolvesLocally(root, reference)) {
        unchecked.push(`${keyword} ${reference}`);
        delete copied[keyword];
      }
    }
    return copied;
  });
}

function compilePerProperty(schema: unknown, unchecked: string[]): TolerantValidator {
  if (!isPlainObject(schema)) return uncheckable(unchecked);
  const definitions = {
    ...(isPlainObject(schema.$defs) ? { $defs: schema.$defs } : {}),
    ...(isPlainObject(schema.definitions) ? { definitions: schema.definitions } : {}),
  };
  const properties = isPlainObject(schema.properties) ? schema.properties : {};
  const kept: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) {
    const property = properties[name];
    try {
      compileSchemaValidator(isPlainObject(property) ? { ...property, ...definitions } : property);
      kept[name] = property;
    } catch {
      unchecked.push(`property ${name}`);
      kept[name] = {};
    }
  }
  const reduced = {
    type: 'object',
    properties: kept,
    ...(Array.isArray(schema.required) ? { required: schema.required } : {}),
    ...(typeof schema.additionalProperties === 'boolean' ? { additionalProperties: schema.additionalProperties } : {}),
    ...definitions,
  };
  try {
    const validator = compileSchemaValidator(reduced);
    return { validate: (value) => validator.validate(value), unchecked };
  } catch {
    return uncheckable(unchecked);
  }
}

/** True when a reference names something inside the schema (a malformed `#/%E0%A4%A` names nothing). */
function resolvesLocally(root: unknown, reference: string): boolean {
  try {
    return resolveLocalRef(root, reference) !== undefined;
  } catch {
    return false;
  }
}

function compiles(pattern: string): boolean {
  try {
    compileLinearRegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
