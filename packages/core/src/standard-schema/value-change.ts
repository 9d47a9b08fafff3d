/** A part of a field's schema that changes the value it validates, as registration names it. */
export interface ValueChange {
  /** Where, below the field: `''` for the field itself, `name`, `tags[]`, `filters[].value`. */
  readonly at: string;
  /** What changes the value, in the library's own words: `.trim()`, `z.coerce.number()`, `string.lower`. */
  readonly by: string;
}

/** The path below a field with one more step: a property name (`name`) or the items of an array (`[]`). */
export function stepInto(at: string, step: string): string {
  if (step === '[]') return `${at}[]`;
  return at === '' ? step : `${at}.${step}`;
}
