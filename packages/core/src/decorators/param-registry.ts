import type { TSchema } from 'typebox';
import type { ToolwrightError } from '../errors/toolwright-error.js';
import type { StandardJsonSchema } from '../standard-schema/standard-schema.js';
import { ownClassMetadata } from './decorator-metadata.js';
import { fieldName, type InputClass } from './input-class.js';

/** What one `@ToolParam` declared about its field, before the declaring class is known. */
export interface ParamDeclaration {
  /** The TypeScript property name. */
  readonly property: string;
  /** The name the model sees and sends (declared, never converted). */
  readonly name: string;
  /** What the model reads about the parameter. */
  readonly description: string;
  /** The field's schema as written: TypeBox (possibly holding `Nested` references) or a Standard Schema. */
  readonly schema: TSchema | StandardJsonSchema;
  /** Whether the model may leave the parameter out. */
  readonly optional: boolean;
  /** Whether a default fills the field when the model leaves it out. */
  readonly hasDefault: boolean;
  /** The default (when `hasDefault`). */
  readonly defaultValue: unknown;
  /** The `design:type` the compiler emitted for the field, when it did (legacy decorators only). */
  readonly designType: unknown;
  /**
   * A mistake in the declaration, to report when the class is registered. Standard decorators
   * never see their class, so the `Class.property` the message names is only known then.
   */
  readonly problem?: ((where: string) => ToolwrightError) | undefined;
}

/** What one `@ToolParam` declared, as recorded on its class. */
export interface ParamDefinition extends ParamDeclaration {
  /** The class that declared the field. */
  readonly owner: InputClass;
}

// Stored under a global symbol (on the class for legacy decorators, on its metadata object for
// standard ones), so duplicated installs of this package agree.
const PARAMS = Symbol.for('toolwright.params');

/** Records a field on its own class (legacy decorators); a parent's list is never touched. */
export function addParam(owner: InputClass, definition: ParamDefinition): void {
  ownList<ParamDefinition>(owner).push(definition);
}

/**
 * Records a field on the class's decorator metadata (standard decorators). The metadata object
 * is the class's own (its prototype is the parent's), so a parent's list is never touched.
 */
export function addDeclaredParam(metadata: object, declaration: ParamDeclaration): void {
  ownList<ParamDeclaration>(metadata).push(declaration);
}

function ownList<Entry>(holder: object): Entry[] {
  if (!Object.hasOwn(holder, PARAMS)) Object.defineProperty(holder, PARAMS, { value: [], enumerable: false });
  return (holder as Record<symbol, Entry[]>)[PARAMS] as Entry[];
}

function readOwnList<Entry>(holder: object | undefined): readonly Entry[] {
  return holder !== undefined && Object.hasOwn(holder, PARAMS)
    ? ((holder as Record<symbol, Entry[]>)[PARAMS] ?? [])
    : [];
}

/** The fields a class declared itself, in declaration order, by either kind of decorator. */
export function ownParams(owner: Function): readonly ParamDefinition[] {
  const declared = readOwnList<ParamDeclaration>(ownClassMetadata(owner));
  return [
    ...readOwnList<ParamDefinition>(owner),
    ...declared.map((declaration) => ({ ...declaration, owner: owner as InputClass })),
  ];
}

/**
 * All fields of a class: inherited ones first, in declaration order. A subclass that decorates
 * an inherited property again replaces that field in place. A declaration mistake recorded by a
 * standard decorator is thrown here, naming `Class.property`.
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
      if (definition.problem !== undefined) throw definition.problem(fieldName(owner, definition.property));
      const index = fields.findIndex((field) => field.property === definition.property);
      if (index === -1) fields.push(definition);
      else fields[index] = definition;
    }
  }
  return fields;
}
