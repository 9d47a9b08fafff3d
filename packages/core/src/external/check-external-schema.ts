import { deepFreeze } from '../json/deep-freeze.js';
import { isPlainObject, type JsonObject } from '../json/json.js';
import { copyData } from '../json-schema/map-schema.js';
import { shortenText } from '../text/cut-text.js';
import { measureSchemaCost } from '../validation/measure-schema-cost.js';
import { compileSchemaValidator } from '../validation/schema-validator.js';
import { checkSchemaLimits } from './check-schema-limits.js';
import { checkSchemaPatterns, SchemaProfile } from './check-schema-patterns.js';
import { checkSchemaReferences } from './check-schema-references.js';
import { schemaProblem, showValue, type ExternalSchemaProblem } from './external-schema-problem.js';
import { readSchemaDialect, type SchemaDialect } from './schema-dialect.js';

/** How external schemas are checked. */
export interface ExternalSchemaOptions {
  /** STANDARD (default) or the opt-in STRICT shape profile (SPEC SC-3). */
  readonly profile?: SchemaProfile;
  /**
   * What the top level must be: an object schema (the default: what every input schema is), or any
   * schema — an output schema may describe a list or a number (SPEC CO-4; MCP wraps it in an object).
   */
  readonly topLevel?: 'object' | 'any';
}

/** The outcome of {@link checkExternalSchema}: the schema to use, or the first problem found. */
export type ExternalSchemaCheck =
  | {
      readonly ok: true;
      /** A deep-frozen copy: own JSON data only, `$schema` in its canonical spelling. */
      readonly schema: JsonObject;
      /** The dialect it was compiled in. */
      readonly dialect: SchemaDialect;
    }
  | { readonly ok: false; readonly problem: ExternalSchemaProblem };

/**
 * Checks one schema that toolwright did not write, in this order, stopping at the first problem:
 * SC-4 limits (JSON data, depth, size — before anything recursive or any compiler looks at it);
 * an object schema at the top (`type: "object"`, as MCP requires; any schema with `topLevel: 'any'`); SC-1 (`$schema` dialect;
 * references inside the document that resolve; `$id` and `$schema` only at the root); SC-3
 * (patterns on the linear-time engine; the strict profile when asked); the cost of checking one
 * value (no loop that never goes into the value, no combinators multiplying past a budget —
 * measured, never expanded); and finally a compile in
 * the schema's own ajv dialect, which also checks it against that dialect's meta-schema. No
 * validator is given a way to fetch. Never throws for any input.
 */
export function checkExternalSchema(schema: unknown, options: ExternalSchemaOptions = {}): ExternalSchemaCheck {
  const refuse = (problem: ExternalSchemaProblem): ExternalSchemaCheck => ({ ok: false, problem });
  const limits = checkSchemaLimits(schema);
  if (limits !== undefined) return refuse(limits);
  if (!isPlainObject(schema)) {
    return refuse(schemaProblem('definition', [], `the schema must be a JSON object, not ${showValue(schema)}`));
  }
  if (options.topLevel !== 'any' && schema.type !== 'object') {
    const shown = Object.hasOwn(schema, 'type') ? showValue(schema.type) : 'missing';
    return refuse(schemaProblem('definition', ['type'], `the top level must say type 'object' (was ${shown})`));
  }
  const dialect = readSchemaDialect(schema);
  if ('rule' in dialect) return refuse(dialect);
  const copy = copyData(schema) as Record<string, unknown>;
  if (dialect.canonical !== undefined) copy.$schema = dialect.canonical;
  const problem =
    checkSchemaReferences(copy) ??
    checkSchemaPatterns(copy, options.profile ?? SchemaProfile.STANDARD) ??
    checkCost(copy);
  if (problem !== undefined) return refuse(problem);
  const compileProblem = compileInDialect(copy, dialect.dialect);
  if (compileProblem !== undefined) return refuse(compileProblem);
  return { ok: true, schema: deepFreeze(copy) as JsonObject, dialect: dialect.dialect };
}

/** SC-4 beyond size and depth: what checking one value may cost (see `measureSchemaCost`). */
function checkCost(schema: Record<string, unknown>): ExternalSchemaProblem | undefined {
  const cost = measureSchemaCost(schema);
  return cost.ok ? undefined : schemaProblem('limits', cost.path, cost.reason);
}

/**
 * Compiles the copy with core's validator (its own ajv dialect, linear-time patterns, no way to
 * fetch). A meta-schema failure is reported at the first node ajv names (`data/properties/a/type`).
 */
function compileInDialect(schema: Record<string, unknown>, dialect: SchemaDialect): ExternalSchemaProblem | undefined {
  try {
    compileSchemaValidator(schema);
    return undefined;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(
      /^The schema cannot be compiled: /,
      '',
    );
    const invalid = readMetaSchemaError(reason);
    if (invalid !== undefined) {
      return schemaProblem(
        'references',
        invalid.path,
        `this is not valid JSON Schema ${dialect} (its meta-schema says: ${invalid.message})`,
      );
    }
    const shown = shortenText(reason, MAX_REASON);
    return schemaProblem('references', [], `the schema does not compile as JSON Schema ${dialect}: ${shown}`);
  }
}

const META_PREFIX = 'schema is invalid: data';
const MAX_REASON = 300;

/** The first error of ajv's `schema is invalid: data/a/b must …, data/c must …`, read without a regex. */
function readMetaSchemaError(reason: string): { path: string[]; message: string } | undefined {
  if (!reason.startsWith(META_PREFIX)) return undefined;
  const rest = reason.slice(META_PREFIX.length);
  const nextError = rest.indexOf(', data');
  const first = nextError === -1 ? rest : rest.slice(0, nextError);
  const must = first.indexOf(' must ');
  if (must === -1) return undefined;
  const path = first
    .slice(0, must)
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  return { path, message: first.slice(must + 1) };
}
