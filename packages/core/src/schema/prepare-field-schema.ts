import type { ParamDefinition } from '../decorators/param-registry.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject } from '../json/json.js';
import { convertStandardSchema } from '../standard-schema/convert-standard-schema.js';
import { isStandardSchema } from '../standard-schema/standard-schema.js';
import { markStandardDocument } from '../standard-schema/standard-schema-node.js';

/** A field's schema in JSON Schema terms, with what the schema itself says about absence. */
export type PreparedField = Pick<ParamDefinition, 'schema' | 'optional' | 'hasDefault' | 'defaultValue'>;

/**
 * The field's schema as the schema writer and the binder use it: a Standard Schema (the whole
 * field, or array items at any depth) is converted to JSON Schema here, once. A Standard Schema
 * that accepts `undefined` makes the field optional; one that declares a default in its JSON
 * Schema gives the field that default, unless `@ToolParam({ default })` gives another.
 */
export function prepareFieldSchema(param: ParamDefinition, where: string): PreparedField {
  if (!isStandardSchema(param.schema)) {
    return { ...pick(param), schema: convertItems(param.schema, where) as ParamDefinition['schema'] };
  }
  const converted = convertStandardSchema(where, param.schema);
  const absence = converted.absence();
  const explicitlyOptional = param.optional && !param.hasDefault;
  if ((absence.admitsUndefined && param.hasDefault) || (absence.hasDefault && explicitlyOptional)) {
    throw new ToolwrightError(
      'INVALID_DEFAULT',
      `${where} is both optional and given a default (by its schema and its @ToolParam options). A field with a default is never absent after binding: keep the default, drop the optional, and declare the field without '?'.`,
    );
  }
  const hasDefault = param.hasDefault || absence.hasDefault;
  return {
    schema: markStandardDocument(converted.document),
    optional: param.optional || absence.admitsUndefined || hasDefault,
    hasDefault,
    defaultValue: param.hasDefault ? param.defaultValue : absence.defaultValue,
  };
}

function pick(param: ParamDefinition): PreparedField {
  return {
    schema: param.schema,
    optional: param.optional,
    hasDefault: param.hasDefault,
    defaultValue: param.defaultValue,
  };
}

/** Array items (at any depth) that are Standard Schemas, converted; anything else as written. */
function convertItems(schema: unknown, where: string): unknown {
  if (!isPlainObject(schema) || schema.type !== 'array' || schema.items === undefined) return schema;
  const items = isStandardSchema(schema.items)
    ? markStandardDocument(convertStandardSchema(where, schema.items).document)
    : convertItems(schema.items, where);
  return items === schema.items ? schema : { ...schema, items };
}
