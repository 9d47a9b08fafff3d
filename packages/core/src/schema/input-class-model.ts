import { ToolwrightError } from '../errors/toolwright-error.js';
import { fieldName, type InputClass } from '../decorators/input-class.js';
import { nestedThunk } from '../decorators/nested.js';
import { collectParams, type ParamDefinition } from '../decorators/param-registry.js';
import { isPlainObject } from '../json/json.js';
import { checkDesignType } from './check-design-type.js';
import type { FieldBinding } from './field-binding.js';
import { prepareFieldSchema } from './prepare-field-schema.js';

/**
 * One field of a registered input class. Its `schema` is JSON Schema throughout (a Standard
 * Schema is converted), and `optional`/`hasDefault` include what such a schema says itself.
 */
export interface FieldModel extends ParamDefinition {
  /** `Class.property`, for messages. */
  readonly where: string;
  /** How the JSON value is turned into the property value. */
  readonly binding: FieldBinding;
}

/** A registered input class: its fields, checked. */
export interface InputClassModel {
  readonly inputClass: InputClass;
  readonly fields: readonly FieldModel[];
}

const models = new WeakMap<Function, InputClassModel>();

/**
 * Registers an input class: collects its `@ToolParam` fields (inherited first), resolves the
 * class thunks of its own fields, and refuses, naming `Class.property`, every mistake that would
 * make the schema and the binding disagree. Cached per class; nested classes are registered
 * when the schema is built.
 */
export function resolveInputClass(inputClass: InputClass): InputClassModel {
  const cached = models.get(inputClass);
  if (cached !== undefined) return cached;
  if (typeof inputClass !== 'function') {
    throw new ToolwrightError('INVALID_INPUT_CLASS', `An input class was expected, but got ${describe(inputClass)}.`);
  }
  const params = collectParams(inputClass);
  const probe = construct(inputClass);
  if (params.length === 0) {
    throw new ToolwrightError(
      'NO_PARAMETERS',
      `${inputClass.name || '(anonymous class)'} has no @ToolParam fields. Decorate each input field with @ToolParam({ description, schema }) or a shorthand such as @ToolParam.string('…').`,
    );
  }
  checkWireNames(params);
  const fields = params.map((param) => resolveField(param, probe));
  const model: InputClassModel = Object.freeze({ inputClass, fields: Object.freeze(fields) });
  models.set(inputClass, model);
  return model;
}

function resolveField(param: ParamDefinition, probe: object): FieldModel {
  const where = fieldName(param.owner, param.property);
  const initial = (probe as Record<string, unknown>)[param.property];
  if (initial !== undefined) {
    throw new ToolwrightError(
      'INVALID_INPUT_CLASS',
      `${where} has an initializer (${JSON.stringify(initial) ?? String(initial)}). Declare defaults with @ToolParam({ default: … }) so the model sees them, and remove the initializer.`,
    );
  }
  const prepared = prepareFieldSchema(param, where);
  const binding = resolveBinding(prepared.schema, where, true);
  checkDesignType(where, param.designType, prepared.schema, binding);
  return Object.freeze({ ...param, ...prepared, where, binding });
}

/** A class reference may be the whole field or an array's items (at any depth), nowhere else. */
function resolveBinding(schema: unknown, where: string, topLevel: boolean): FieldBinding {
  const thunk = nestedThunk(schema);
  if (thunk !== undefined) return { kind: 'class', target: resolveThunk(thunk, where) };
  if (isPlainObject(schema) && schema.type === 'array' && isPlainObject(schema.items)) {
    const items = resolveBinding(schema.items, where, topLevel);
    if (items.kind !== 'value') return { kind: 'array', items };
  }
  if (containsNested(schema, topLevel)) {
    throw new ToolwrightError(
      'INVALID_INPUT_CLASS',
      `${where}: Nested(() => Class) may stand for the whole field or for array items, not inside unions or objects. Use another input class with its own @ToolParam fields.`,
    );
  }
  return { kind: 'value' };
}

function containsNested(schema: unknown, skipSelf: boolean): boolean {
  if (!skipSelf && nestedThunk(schema) !== undefined) return true;
  if (Array.isArray(schema)) return schema.some((item) => containsNested(item, false));
  if (!isPlainObject(schema)) return false;
  return Object.keys(schema).some((key) => containsNested(schema[key], false));
}

function resolveThunk(thunk: () => unknown, where: string): InputClass {
  const target = thunk();
  if (typeof target !== 'function') {
    throw new ToolwrightError(
      'UNRESOLVED_CLASS_REFERENCE',
      `${where}: the class thunk returned ${describe(target)}. This happens when the class is used before its declaration or through a circular import; keep the thunk lazy (Nested(() => Inner)) and check that Inner is imported and defined.`,
    );
  }
  return target as InputClass;
}

function checkWireNames(params: readonly ParamDefinition[]): void {
  const byName = new Map<string, ParamDefinition>();
  for (const param of params) {
    const earlier = byName.get(param.name);
    if (earlier !== undefined) {
      throw new ToolwrightError(
        'DUPLICATE_PARAMETER',
        `${fieldName(param.owner, param.property)} uses the wire name '${param.name}', which ${fieldName(earlier.owner, earlier.property)} already uses. Give one of them another @ToolParam({ name }).`,
      );
    }
    byName.set(param.name, param);
  }
}

function construct(inputClass: InputClass): object {
  try {
    return new inputClass();
  } catch (error) {
    if (ToolwrightError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolwrightError(
      'INVALID_INPUT_CLASS',
      `${inputClass.name || '(anonymous class)'} must be constructible without arguments (the binder creates its instances): ${reason}`,
      { cause: error },
    );
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
