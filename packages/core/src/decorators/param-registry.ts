import type { TSchema } from 'typebox';
import type { InputClass } from './input-class.js';

/** What one `@ToolParam` declared, as recorded on its class. */
export interface ParamDefinition {
  /** The class that declared the field. */
  readonly owner: InputClass;
  /** The TypeScript property name. */
  readonly property: string;
  /** The name the model sees and sends (declared, never converted). */
  readonly name: string;
  /** What the model reads about the parameter. */
  readonly description: string;
  /** The field's schema as written (a TypeBox schema, possibly holding `Nested` references). */
  readonly schema: TSchema;
  /** Whether the model may leave the parameter out. */
  readonly optional: boolean;
  /** Whether a default fills the field when the model leaves it out. */
  readonly hasDefault: boolean;
  /** The default (when `hasDefault`). */
  readonly defaultValue: unknown;
  /** The `design:type` the compiler emitted for the field, when it did. */
  readonly designType: unknown;
}

// Stored on the class under a global symbol, so duplicated installs of this package agree.
const PARAMS = Symbol.for('toolwright.params');

/** Records a field on its own class; a parent's list is never touched. */
export function addParam(owner: InputClass, definition: ParamDefinition): void {
  if (!Object.hasOwn(owner, PARAMS)) {
    Object.defineProperty(owner, PARAMS, { value: [], enumerable: false });
  }
  (owner as unknown as Record<symbol, ParamDefinition[]>)[PARAMS]?.push(definition);
}

/** The fields a class declared itself, in declaration order. */
export function ownParams(owner: Function): readonly ParamDefinition[] {
  return Object.hasOwn(owner, PARAMS) ? ((owner as unknown as Record<symbol, ParamDefinition[]>)[PARAMS] ?? []) : [];
}

/**
 * All fields of a class: inherited ones first, in declaration order. A subclass that decorates
 * an inherited property again replaces that field in place.
 */
export function collectParams(inputClass: Function): ParamDefinition[] {
  const chain: Function[] = [];
  for (
    let current: unknown = inputClass;
    typeof current === 'function' && current !== Function.prototype;
    current = Object.getPrototypeOf(current)
  ) {
    chain.unshift(current as Function);
  }
  const fields: ParamDefinition[] = [];
  for (const owner of chain) {
    for (const definition of ownParams(owner)) {
      const index = fields.findIndex((field) => field.property === definition.property);
      if (index === -1) fields.push(definition);
      else fields[index] = definition;
    }
  }
  return fields;
}
