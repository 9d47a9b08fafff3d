import { ToolwrightError } from '../errors/toolwright-error.js';
import { addDeclaredParam, type ParamDeclaration } from './param-registry.js';

/** The part of a standard (TC39) decorator context that `@ToolParam` reads. */
export interface StandardDecoratorContext {
  /** `field`, `method`, `getter`, `setter`, `accessor` or `class`. */
  readonly kind: string;
  /** The member's name (`#name` for a private one). */
  readonly name: string | symbol | undefined;
  /** Whether the member is static. */
  readonly static?: boolean;
  /** Whether the member is a `#private` one. */
  readonly private?: boolean;
  /** The class's metadata object (`Class[Symbol.metadata]` once the class is defined). */
  readonly metadata?: object | undefined;
}

/** True when a decorator's second argument is a standard decorator context rather than a property key. */
export function isStandardDecoratorContext(value: unknown): value is StandardDecoratorContext {
  return typeof value === 'object' && value !== null && 'kind' in value && 'name' in value;
}

/**
 * `@ToolParam` under standard (TC39) decorators: the decorator gets `(undefined, context)` and
 * never sees its class, so the field is recorded on the class's metadata object
 * (`context.metadata`), which becomes `Class[Symbol.metadata]`; registration reads it from there
 * and through the parent's metadata. Only public instance fields may be decorated; anything else
 * is refused at once. There is no `design:type` under standard decorators.
 */
export function registerStandardField(
  context: StandardDecoratorContext,
  declare: (property: string) => ParamDeclaration,
): void {
  const member = String(context.name);
  if (context.kind !== 'field' || context.static === true || context.private === true) {
    const what = context.static === true ? `a static ${context.kind}` : describeKind(context);
    throw new ToolwrightError(
      'INVALID_INPUT_CLASS',
      `@ToolParam on '${member}' (${what}): @ToolParam belongs on a public instance field, not on a static member, method, accessor, private field or class.`,
    );
  }
  if (typeof context.metadata !== 'object' || context.metadata === null) {
    throw new ToolwrightError(
      'STANDARD_DECORATORS',
      `@ToolParam on '${member}' was compiled as a standard (TC39) decorator without decorator metadata (context.metadata). Compile with TypeScript 5.2 or later, esbuild 0.21 or later, or with "experimentalDecorators": true.`,
    );
  }
  addDeclaredParam(context.metadata, declare(member));
}

function describeKind(context: StandardDecoratorContext): string {
  if (context.kind === 'field' && context.private === true) return 'a private field';
  return context.kind === 'accessor' ? 'an accessor' : `a ${context.kind}`;
}
