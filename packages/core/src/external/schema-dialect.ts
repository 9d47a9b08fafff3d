import { DRAFT_07_URI } from '../validation/schema-validator.js';
import { schemaProblem, showValue, type ExternalSchemaProblem } from './external-schema-problem.js';

/** The JSON Schema 2020-12 meta-schema URI: the dialect of a schema without `$schema`. */
export const JSON_SCHEMA_2020_12_URI = 'https://json-schema.org/draft/2020-12/schema';

/** The two JSON Schema dialects an external schema may be written in (SPEC SC-1). */
export type SchemaDialect = '2020-12' | 'draft-07';

/**
 * The accepted `$schema` spellings and the canonical one each is stored as. An empty fragment
 * (`…/schema#`) names the same resource as none (RFC 3986), so both spellings of each dialect are
 * accepted; the stored copy carries the canonical one, which decides the ajv dialect. Every
 * other value — the `http://` form of 2020-12, 2019-09, draft-04, a changed case, spaces — is refused.
 */
const ACCEPTED: ReadonlyMap<string, { readonly dialect: SchemaDialect; readonly canonical: string }> = new Map([
  [JSON_SCHEMA_2020_12_URI, { dialect: '2020-12', canonical: JSON_SCHEMA_2020_12_URI }],
  [`${JSON_SCHEMA_2020_12_URI}#`, { dialect: '2020-12', canonical: JSON_SCHEMA_2020_12_URI }],
  [DRAFT_07_URI, { dialect: 'draft-07', canonical: DRAFT_07_URI }],
  ['http://json-schema.org/draft-07/schema', { dialect: 'draft-07', canonical: DRAFT_07_URI }],
]);

/** A schema's dialect and the canonical `$schema` to store (`undefined` when the schema declares none). */
export interface DialectChoice {
  /** The dialect the schema is compiled in. */
  readonly dialect: SchemaDialect;
  /** The `$schema` value the stored copy carries, or `undefined` when the schema declared none. */
  readonly canonical: string | undefined;
}

/** Reads the root `$schema` (SC-1): absent means 2020-12; a value outside the accepted ones is a problem. */
export function readSchemaDialect(root: Record<string, unknown>): DialectChoice | ExternalSchemaProblem {
  if (!Object.hasOwn(root, '$schema')) return { dialect: '2020-12', canonical: undefined };
  const declared = root.$schema;
  const accepted = typeof declared === 'string' ? ACCEPTED.get(declared) : undefined;
  if (accepted === undefined) {
    return schemaProblem(
      'references',
      ['$schema'],
      `$schema must be '${JSON_SCHEMA_2020_12_URI}' or '${DRAFT_07_URI}', not ${showValue(declared)}`,
    );
  }
  return accepted;
}
