import type { FieldModel, InputClassModel } from '../schema/input-class-model.js';

/** Copies a validated call's fields onto a fresh instance: each present field, else its default. */
export type AssignFields = (instance: Record<string, unknown>, data: Record<string, unknown>) => void;

/** How one present field's object or array value becomes the instance's (nested classes are instantiated, the rest copied). */
export type ConvertField = (field: FieldModel, value: unknown) => unknown;

const compiled = new WeakMap<InputClassModel, AssignFields>();

/**
 * The field copier of an input class, made once per class: a function with one named load and
 * store per field (fast, where a loop of computed stores is not), written from the field names
 * as JSON string literals. Where code cannot be generated (a runtime that forbids it), a loop
 * does the same. Either way: a present (own) field gets its value — converted when it is an
 * object or an array — and an absent one with a default gets `copyDefault(field)`, in
 * declaration order.
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

/**
 * The generated copier. JSON data never holds `undefined`, so a field reads as absent when its
 * value is `undefined`; a value is the object's own unless it is what `Object.prototype` holds
 * under that name (something put there) — only then is the own property looked up. Names that
 * `Object.prototype` has itself are looked up first. Data of another prototype takes the loop,
 * which looks up every field.
 */
function compileAssigner(
  model: InputClassModel,
  convert: ConvertField,
  copyDefault: (field: FieldModel) => unknown,
): AssignFields | undefined {
  const lines = model.fields.map((field, index) => {
    const name = JSON.stringify(field.name);
    const property = JSON.stringify(field.property);
    const absent = field.hasDefault ? ` else instance[${property}] = copyDefault(fields[${index}]);` : '';
    // A name Object.prototype itself has (`constructor`, `__proto__`'s accessor) is looked up first.
    const present =
      field.name in Object.prototype
        ? `hasOwn(data, ${name}) && (value = data[${name}], true)`
        : `(value = data[${name}]) !== undefined && (value !== objectPrototype[${name}] || hasOwn(data, ${name}))`;
    return [
      `if (${present})`,
      `  instance[${property}] = typeof value === 'object' && value !== null ? convert(fields[${index}], value) : value;${absent}`,
    ].join('\n');
  });
  try {
    const make = new Function(
      'hasOwn',
      'convert',
      'copyDefault',
      'fields',
      'objectPrototype',
      'loop',
      [
        'return function assignFields(instance, data) {',
        '  if (Object.getPrototypeOf(data) !== objectPrototype) return loop(instance, data);',
        '  let value;',
        ...lines,
        '};',
      ].join('\n'),
    );
    return make(
      Object.hasOwn,
      convert,
      copyDefault,
      model.fields,
      Object.prototype,
      loopAssigner(model, convert, copyDefault),
    ) as AssignFields;
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
