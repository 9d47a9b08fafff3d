import 'reflect-metadata';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { declareParam } from './declare-param.js';
import { fieldName, type InputClass } from './input-class.js';
import type { AnyParamOptions } from './param-options.js';
import { addParam } from './param-registry.js';
import { isStandardDecoratorContext, registerStandardField } from './standard-field.js';

/** The decorator as JavaScript calls it: `(prototype, key)` (legacy) or `(undefined, context)` (standard). */
export type RuntimeParamDecorator = (target: unknown, key: unknown, descriptor?: unknown) => undefined;

/**
 * The runtime of `@ToolParam(options)`: one decorator that serves both kinds. Called as a
 * standard (TC39) field decorator, it records the field on the class's decorator metadata; called
 * as a legacy (`experimentalDecorators`) property decorator, it records the field on the class
 * itself, with the `design:type` the compiler emitted, and throws option mistakes at once.
 */
export function createParamDecorator(options: AnyParamOptions): RuntimeParamDecorator {
  return (target: unknown, key: unknown, descriptor?: unknown) => {
    if (isStandardDecoratorContext(key)) {
      registerStandardField(key, (property) => declareParam(options, property, undefined));
      return undefined;
    }
    if (typeof target !== 'object' || target === null || typeof key !== 'string' || descriptor !== undefined) {
      const owner = classOf(target);
      throw new ToolwrightError(
        'INVALID_INPUT_CLASS',
        `${fieldName(owner, String(key))}: @ToolParam belongs on a public instance field, not on a static member or method.`,
      );
    }
    const owner = target.constructor as InputClass;
    const declaration = declareParam(options, key, Reflect.getMetadata('design:type', target, key));
    if (declaration.problem !== undefined) throw declaration.problem(fieldName(owner, key));
    addParam(owner, { ...declaration, owner });
    return undefined;
  };
}

function classOf(target: unknown): { name: string } {
  if (typeof target === 'function') return target as InputClass;
  if (typeof target === 'object' && target !== null) return target.constructor as InputClass;
  return { name: '(unknown class)' };
}
