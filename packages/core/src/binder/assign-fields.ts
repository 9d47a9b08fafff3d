import type { FieldModel, InputClassModel } from '../schema/input-class-model.js';

/** Copies a validated call's fields onto a fresh instance: each present field, else its default. */
export type AssignFields = (instance: Record<string, unknown>, data: Record<string, unknown>) => void;

/** How one present field's value becomes the instance's (nested classes and arrays are converted). */
export type ConvertField = (field: FieldModel, value: unknown) => unknown;

const compiled = new WeakMap<InputClassModel, AssignFields>();

/**
 * The field copier of an input class, made once per class: a function with one named store per
 * field (fast, where a loop of computed stores is not), written from the field names as JSON
 * string literals. Where code cannot be generated (a runtime that forbids it), a loop does the
 * same. Either way: a present field gets `convert(field, value)`, an absent one with a default
 * gets `copyDefault(field)`, in declaration order.
 */
export function fieldAssigner(
  model: InputClassModel,
  convert: ConvertField,
  copyDefault: (field: FieldModel) => unknown,
): AssignFields {
  let assign = compiled.get(model);
  if (assign === undefined) {
    assign = compileAssigner(model, convert, copyDefault) ?? loopAssigner(model, convert, copyDefault);
    compiled.set(model, assign);
  }
  return assign;
}

function compileAssigner(
  model: InputClassModel,
  convert: ConvertField,
  copyDefault: (field: FieldModel) => unknown,
): AssignFields | undefined {
  const lines = model.fields.map((field, index) => {
    const name = JSON.stringify(field.name);
    const property = JSON.stringify(field.property);
    const absent = field.hasDefault ? ` else instance[${property}] = copyDefault(fields[${index}]);` : '';
    return `if (hasOwn(data, ${name})) instance[${property}] = convert(fields[${index}], data[${name}]);${absent}`;
  });
  try {
    const make = new Function(
      'hasOwn',
      'convert',
      'copyDefault',
      'fields',
      `return function assignFields(instance, data) {\n${lines.join('\n')}\n};`,
    );
    return make(Object.hasOwn, convert, copyDefault, model.fields) as AssignFields;
  } catch {
    return undefined;
  }
}

function loopAssigner(
  model: InputClassModel,
  convert: ConvertField,
  copyDefault: (field: FieldModel) => unknown,
): AssignFields {
  return (instance, data) => {
    for (const field of model.fields) {
      if (Object.hasOwn(data, field.name)) instance[field.property] = convert(field, data[field.name]);
      else if (field.hasDefault) instance[field.property] = copyDefault(field);
    }
  };
}
