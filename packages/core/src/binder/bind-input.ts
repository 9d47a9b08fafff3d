import type { InputClass } from '../decorators/input-class.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { MAX_NORMALIZE_DEPTH, normalizeJsonObject } from '../input/normalize-json.js';
import { ToolInput } from '../input/tool-input.js';
import { copyData } from '../json-schema/map-schema.js';
import { isPlainObject } from '../json/json.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import type { FieldBinding } from '../schema/field-binding.js';
import { resolveInputClass, type FieldModel, type InputClassModel } from '../schema/input-class-model.js';
import { depthViolation, inputViolation, typeViolation } from '../validation/violation-messages.js';
import type { Violation } from '../validation/violation.js';
import { fieldAssigner, type AssignFields } from './assign-fields.js';
import { shapeCheckFor, takeConformance, type ShapeCheck } from './conforming-inputs.js';

/** What binding a call's input produced: an instance of the input class, or every violation. */
export type BindResult<Input> =
  { readonly ok: true; readonly value: Input } | { readonly ok: false; readonly violations: readonly Violation[] };

/**
 * Binds a tool call's input to a real instance of its input class (nested classes instantiated,
 * wire names mapped to properties). Nulls are absence at every object level; defaults are filled
 * in after validation, as fresh copies, and the caller's object is never changed. Reports every
 * violation at once, in the gate's sentences (GV-2). Never throws for any JSON input; throws
 * {@link ToolwrightError} only when the input class itself is not registrable. A ToolInput that
 * core itself has just found conforming to this class's schema (a gate's ENFORCE check, see
 * `GenericTool.checkInput`) is not checked twice; nothing a caller says can skip the check.
 */
export function bindInput<Input extends object>(inputClass: InputClass<Input>, input: unknown): BindResult<Input> {
  return bindWith(binderFor(inputClass), input);
}

/**
 * What binding one input class needs: its schema's check (compiled on first use of the class)
 * and, from the first call that passes, its field model and field copier. A tool keeps its own,
 * so a call looks nothing up.
 */
export interface InputBinder<Input extends object = object> {
  readonly inputClass: InputClass<Input>;
  readonly check: ShapeCheck;
  model?: InputClassModel;
  assign?: AssignFields;
}

/** The binder of an input class, made once per class; registration and schema errors throw here. */
export function binderFor<Input extends object>(inputClass: InputClass<Input>): InputBinder<Input> {
  let binder = binders.get(inputClass);
  if (binder === undefined) {
    binder = { inputClass, check: shapeCheckFor(buildInputSchema(inputClass)) };
    binders.set(inputClass, binder);
  }
  return binder as InputBinder<Input>;
}

/** {@link bindInput} with the class's binder in hand. */
export function bindWith<Input extends object>(binder: InputBinder<Input>, input: unknown): BindResult<Input> {
  const { check } = binder;
  let data: unknown;
  try {
    data = ToolInput.isInstance(input) ? input.toJSON() : normalizeJsonObject(input);
  } catch (error) {
    if (!ToolwrightError.isInstance(error)) throw error;
    return failure([isPlainObject(input) ? inputViolation(error.message) : typeViolation('', ['object'])]);
  }
  try {
    const violations = takeConformance(input, check.schema) ? NO_VIOLATIONS : check.validator.validate(data);
    if (violations.length > 0) return failure(violations);
    return { ok: true, value: instantiate(binder, data as Record<string, unknown>) as Input };
  } catch (error) {
    if (error instanceof RangeError) return failure([depthViolation(MAX_NORMALIZE_DEPTH)]);
    throw error;
  }
}

const binders = new WeakMap<InputClass, InputBinder>();
const NO_VIOLATIONS: readonly Violation[] = Object.freeze([]);

/** A fresh instance of the binder's class with the call's fields (the binder learns its model and copier once). */
function instantiate(binder: InputBinder, data: Record<string, unknown>): object {
  const model = (binder.model ??= resolveInputClass(binder.inputClass));
  const assign = (binder.assign ??= fieldAssigner(model, convertField, copyDefault));
  const instance = new model.inputClass() as Record<string, unknown>;
  assign(instance, data);
  return instance;
}

function instantiateModel(model: InputClassModel, data: Record<string, unknown>): object {
  const instance = new model.inputClass() as Record<string, unknown>;
  fieldAssigner(model, convertField, copyDefault)(instance, data);
  return instance;
}

/** A present field's value: a validated primitive is its own copy; objects and arrays are converted. */
function convertField(field: FieldModel, value: unknown): unknown {
  return typeof value === 'object' && value !== null ? convert(field.binding, value) : value;
}

/** An absent field's default, as a fresh copy. */
function copyDefault(field: FieldModel): unknown {
  return copyData(field.defaultValue);
}

function convert(binding: FieldBinding, value: unknown): unknown {
  switch (binding.kind) {
    case 'class':
      return instantiateModel(resolveInputClass(binding.target), value as Record<string, unknown>);
    case 'array': {
      // A loop, not `map`: a call's arrays are frozen, and `map` of a frozen array is slow.
      const items = value as readonly unknown[];
      const converted: unknown[] = [];
      for (let index = 0; index < items.length; index++) converted.push(convert(binding.items, items[index]));
      return converted;
    }
    default:
      return copyValue(value);
  }
}

/**
 * A fresh copy of JSON data; a list of primitives (the usual array argument) is copied as it
 * stands, by spreading (a call's arrays are frozen, and `slice` or `map` of a frozen array is slow).
 */
function copyValue(value: unknown): unknown {
  if (!Array.isArray(value)) return copyData(value);
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item === 'object' && item !== null) return copyData(value);
  }
  return [...(value as unknown[])];
}

function failure(violations: readonly Violation[]): BindResult<never> {
  return { ok: false, violations: Object.freeze([...violations]) };
}
