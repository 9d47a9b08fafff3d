import { shortenText } from '../text/cut-text.js';
import { escapeControlCharacters } from '../text/escape-control-characters.js';

/**
 * Which rule for external schemas a problem breaks (SPEC §5): `references` and dialect (SC-1),
 * the `definition`'s shape (SC-2), `patterns` (SC-3), `limits` of size, depth and cost (SC-4).
 */
export type ExternalSchemaRule = 'references' | 'definition' | 'patterns' | 'limits';

/** One reason an external schema is refused: plain data, so callers can report it as they like. */
export interface ExternalSchemaProblem {
  /** The rule broken (see {@link ExternalSchemaRule}). */
  readonly rule: ExternalSchemaRule;
  /** Where, as a JSON Pointer (RFC 6901) inside the schema: `''` is the root, `/properties/q/$ref` a keyword. */
  readonly pointer: string;
  /** What is wrong, for a human: one clause, no trailing full stop. */
  readonly message: string;
}

/** A problem at the node reached by `path` (property names and array indexes, from the root). */
export function schemaProblem(
  rule: ExternalSchemaRule,
  path: readonly (string | number)[],
  message: string,
): ExternalSchemaProblem {
  return Object.freeze({ rule, pointer: toJsonPointer(path), message });
}

/** The JSON Pointer of a path: `~` becomes `~0` and `/` becomes `~1` in each segment (RFC 6901). */
export function toJsonPointer(path: readonly (string | number)[]): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
}

const MAX_SHOWN = 100;

/**
 * A value as a message shows it: a string in single quotes, anything else as JSON; control
 * characters escaped as in JSON (so a message stays one line); cut past 100 characters.
 */
export function showValue(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? `'${value}'` : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return escapeControlCharacters(shortenText(text, MAX_SHOWN));
}
