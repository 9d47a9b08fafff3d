import type { InputClass } from '../decorators/input-class.js';

/**
 * How a field's JSON value becomes its property value: kept as it is, made an instance of a
 * nested input class, or an array whose items are bound one of these ways (at any depth).
 */
export type FieldBinding =
  | { readonly kind: 'value' }
  | { readonly kind: 'class'; readonly target: InputClass }
  | { readonly kind: 'array'; readonly items: FieldBinding };
