import type { InputClass } from '../decorators/input-class.js';
import { nestedThunk } from '../decorators/nested.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { toJsonPointer } from '../external/external-schema-problem.js';
import { mapSchema, type SchemaNode } from '../json-schema/map-schema.js';
import { deepFreeze } from '../json/deep-freeze.js';
import type { JsonObject } from '../json/json.js';
import { containsReference, relocateReferences, standardDocument } from '../standard-schema/standard-schema-node.js';
import { plainlyConforms } from '../validation/plain-schema.js';
import { compileSchemaValidator, toShapeSchema } from '../validation/schema-validator.js';
import { NOT_EXECUTED } from '../validation/violation-messages.js';
import { resolveInputClass, type FieldModel, type InputClassModel } from './input-class-model.js';
import { classTargets, className, findRecursiveClasses } from './recursive-classes.js';

const schemas = new WeakMap<Function, JsonObject>();

/**
 * The JSON Schema (2020-12) of an input class, the one source of what the model is told:
 * `additionalProperties: false` on every object, fields in declaration order, nested classes
 * expanded inline (a class that refers back to itself is written once, under `$defs`, or as
 * `#` for the root), no `$schema` and no TypeBox markers. Frozen, cached per class, and
 * byte-stable: the same class always serialises to the same JSON.
 *
 * Building registers every class reachable from this one, so registration mistakes throw here.
 */
export function buildInputSchema(inputClass: InputClass): JsonObject {
  const cached = schemas.get(inputClass);
  if (cached !== undefined) return cached;
  const emitter = new SchemaEmitter(inputClass);
  const schema = emitter.emitRoot();
  checkDefaults(resolveInputClass(inputClass));
  const frozen = deepFreeze(schema as JsonObject);
  schemas.set(inputClass, frozen);
  return frozen;
}

/** Writes the schema of one class (or one field, for checking its default). */
class SchemaEmitter {
  private readonly recursive: ReadonlySet<Function>;
  // Classes that refer back to themselves, and Standard Schema documents that hold references.
  private readonly definitions = new Map<object, { name: string; schema: SchemaNode | undefined }>();

  constructor(
    private readonly root: InputClass | undefined,
    start: InputClass = root as InputClass,
  ) {
    this.recursive = findRecursiveClasses(start);
  }

  emitRoot(): SchemaNode {
    return this.withDefinitions(this.objectSchema(resolveInputClass(this.root as InputClass)));
  }

  emitField(field: FieldModel): SchemaNode {
    return this.withDefinitions(this.fieldSchema(field));
  }

  private withDefinitions(schema: SchemaNode): SchemaNode {
    if (this.definitions.size === 0) return schema;
    const definitions = [...this.definitions.values()].map(({ name, schema: body }) => [name, body ?? {}]);
    return { ...schema, $defs: Object.fromEntries(definitions) };
  }

  private objectSchema(model: InputClassModel): SchemaNode {
    const properties = model.fields.map((field) => [field.name, this.fieldSchema(field)]);
    const required = model.fields.filter((field) => !field.optional).map((field) => field.name);
    return {
      type: 'object',
      properties: Object.fromEntries(properties),
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    };
  }

  private classReference(target: InputClass): SchemaNode {
    if (target === this.root) return { $ref: '#' };
    if (!this.recursive.has(target)) return this.objectSchema(resolveInputClass(target));
    let definition = this.definitions.get(target);
    if (definition === undefined) {
      definition = { name: this.definitionName(className(target)), schema: undefined };
      this.definitions.set(target, definition);
      definition.schema = this.objectSchema(resolveInputClass(target));
    }
    return { $ref: `#/$defs/${definition.name}` };
  }

  /** A Standard Schema document that refers to itself goes under `$defs`, its references moved along. */
  private documentReference(document: JsonObject, field: FieldModel): SchemaNode {
    let definition = this.definitions.get(document);
    if (definition === undefined) {
      definition = { name: this.definitionName(`${className(field.owner)}.${field.property}`), schema: undefined };
      this.definitions.set(document, definition);
      const placed = relocateReferences(document, toJsonPointer(['$defs', definition.name]));
      definition.schema = this.convertSchema(placed);
    }
    return { $ref: `#${toJsonPointer(['$defs', definition.name])}` };
  }

  private definitionName(base: string): string {
    const taken = new Set([...this.definitions.values()].map((definition) => definition.name));
    let name = base;
    for (let suffix = 2; taken.has(name); suffix++) name = `${base}${suffix}`;
    return name;
  }

  /** A schema as written, with class references expanded and every object closed. */
  private convertSchema(schema: unknown, field?: FieldModel): SchemaNode {
    return mapSchema(schema, (node, copy) => {
      const thunk = nestedThunk(node);
      if (thunk !== undefined) return this.classReference(thunk() as InputClass);
      const document = standardDocument(node);
      if (document !== undefined && field !== undefined && containsReference(document))
        return this.documentReference(document, field);
      const copied = copy(node);
      if (copied.properties !== undefined && copied.additionalProperties === undefined)
        copied.additionalProperties = false;
      return copied;
    }) as SchemaNode;
  }

  private fieldSchema(field: FieldModel): SchemaNode {
    const converted = this.convertSchema(field.schema, field);
    // The @ToolParam description is the one the model reads; a description inside the schema yields to it.
    const { type, description: _schemaDescription, ...rest } = converted;
    return {
      ...(type === undefined ? {} : { type }),
      description: field.description,
      ...rest,
      ...(field.hasDefault ? { default: field.defaultValue } : {}),
    };
  }
}

/** Every default must satisfy its own field's schema; checked once, at registration. */
function checkDefaults(model: InputClassModel, seen = new Set<Function>()): void {
  if (seen.has(model.inputClass)) return;
  seen.add(model.inputClass);
  for (const field of model.fields) {
    if (field.hasDefault) {
      const fieldSchema = new SchemaEmitter(undefined, model.inputClass).emitField(field);
      // Most defaults plainly conform (a number to an integer field): that needs no compiled validator.
      const violations = plainlyConforms(toShapeSchema(fieldSchema), field.defaultValue)
        ? []
        : compileSchemaValidator(fieldSchema).validate(field.defaultValue);
      if (violations.length > 0) {
        const reasons = violations.map((violation) => violation.message.replace(` ${NOT_EXECUTED}`, '')).join(' ');
        throw new ToolwrightError(
          'INVALID_DEFAULT',
          `${field.where} has the default ${JSON.stringify(field.defaultValue)}, which its own schema refuses: ${reasons} Fix the default or the schema.`,
        );
      }
    }
    for (const target of classTargets(field.binding)) checkDefaults(resolveInputClass(target), seen);
  }
}
