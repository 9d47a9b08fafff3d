import { isPlainObject } from '@toolwright/core/internal';

/**
 * What a parameter's schema asks beyond its type, in words for a reference table: ranges
 * (`1 to 50`, `≥ 0`, `< 1`), `multiple of 5`, lengths (`1 to 64 characters`), `` matches `^SKU-` ``,
 * `format date-time`, item counts (`at most 5 items`), `no duplicates`, and for an array of
 * plain values what each item asks (`each: ≥ 1`). Enum values are shown with the type instead.
 * Empty when the schema asks nothing more.
 */
export function describeConstraints(schema: Record<string, unknown>): string[] {
  const parts = [
    ...range(schema),
    ...bounds(schema.minLength, schema.maxLength, 'character'),
    ...(typeof schema.pattern === 'string' ? [`matches ${code(schema.pattern)}`] : []),
    ...(typeof schema.format === 'string' ? [`format ${schema.format}`] : []),
    ...bounds(schema.minItems, schema.maxItems, 'item'),
    ...(schema.uniqueItems === true ? ['no duplicates'] : []),
    ...bounds(schema.minProperties, schema.maxProperties, 'key'),
  ];
  if (isPlainObject(schema.items) && schema.items.type !== 'object' && schema.items.$ref === undefined) {
    const each = describeConstraints(schema.items);
    if (each.length > 0) parts.push(`each: ${each.join(', ')}`);
  }
  return parts;
}

/** `1 to 50`, `≥ 1`, `> 0, < 1`, `multiple of 5`. */
function range(schema: Record<string, unknown>): string[] {
  const minimum = number(schema.minimum);
  const maximum = number(schema.maximum);
  const above = number(schema.exclusiveMinimum);
  const below = number(schema.exclusiveMaximum);
  const parts: string[] = [];
  if (minimum !== undefined && maximum !== undefined) parts.push(`${minimum} to ${maximum}`);
  else if (minimum !== undefined) parts.push(`≥ ${minimum}`);
  else if (maximum !== undefined) parts.push(`≤ ${maximum}`);
  if (above !== undefined) parts.push(`> ${above}`);
  if (below !== undefined) parts.push(`< ${below}`);
  const step = number(schema.multipleOf);
  if (step !== undefined) parts.push(`multiple of ${step}`);
  return parts;
}

/** `1 to 64 characters`, `at least 1 item`, `at most 5 keys`; nothing when neither bound is set. */
function bounds(low: unknown, high: unknown, noun: string): string[] {
  const least = number(low);
  const most = number(high);
  if (least !== undefined && most !== undefined)
    return [least === most ? `exactly ${plural(least, noun)}` : `${least} to ${most} ${noun}s`];
  if (least !== undefined) return [`at least ${plural(least, noun)}`];
  if (most !== undefined) return [`at most ${plural(most, noun)}`];
  return [];
}

function plural(amount: string, noun: string): string {
  return `${amount} ${noun}${amount === '1' ? '' : 's'}`;
}

/** A finite number as the docs show it: `10,000`, `0.5`. */
function number(value: unknown): string | undefined {
  return typeof value === 'number' && Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: 20 })
    : undefined;
}

/** A Markdown code span that holds any text (a longer fence when the text has backticks). */
function code(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest === 0 ? `${fence}${text}${fence}` : `${fence} ${text} ${fence}`;
}
