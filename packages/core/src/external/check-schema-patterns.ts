import { findInSchema } from '../json-schema/find-in-schema.js';
import { isPlainObject } from '../json/json.js';
import { checkLinearPattern } from '../validation/linear-regexp.js';
import { schemaProblem, showValue, type ExternalSchemaProblem } from './external-schema-problem.js';

/** How strictly an external schema's shape is checked (SPEC SC-3). */
export const SchemaProfile = {
  /** Every `pattern` and `patternProperties` key must compile on the linear-time engine. */
  STANDARD: 'STANDARD',
  /**
   * STANDARD, plus the seeds' shape rules for validators that backtrack downstream: `pattern` needs
   * `maxLength` ≤ {@link STRICT_MAX_PATTERN_INPUT} beside it, `patternProperties` is refused (a key
   * has no place for a length), `uniqueItems` needs `maxItems` beside it (its check is quadratic).
   */
  STRICT: 'STRICT',
} as const;

/** One of the {@link SchemaProfile} values. */
export type SchemaProfile = (typeof SchemaProfile)[keyof typeof SchemaProfile];

/** The largest `maxLength` the strict profile accepts beside a `pattern`. */
export const STRICT_MAX_PATTERN_INPUT = 256;

/** The most compiled instructions all distinct patterns of one external schema may add up to. */
export const MAX_SCHEMA_PATTERN_SIZE = 20_000;

/**
 * SC-3 on every subschema: each `pattern` and `patternProperties` key translates faithfully to the
 * linear-time engine and compiles there within its size limit (see `checkLinearPattern`), so no
 * schema can make validation slow or change what a pattern means; all distinct patterns together
 * stay within {@link MAX_SCHEMA_PATTERN_SIZE}. Under the STRICT profile, the seeds' shape rules
 * too. `format` is never asserted, so `format: "regex"` runs nothing.
 */
export function checkSchemaPatterns(
  root: Record<string, unknown>,
  profile: SchemaProfile = SchemaProfile.STANDARD,
): ExternalSchemaProblem | undefined {
  const strict = profile === SchemaProfile.STRICT;
  const budget = patternBudget();
  return findInSchema(root, (node, path) => {
    if (typeof node.pattern === 'string') {
      const problem = budget.check(node.pattern, [...path, 'pattern'], 'pattern');
      if (problem !== undefined) return problem;
      if (strict && !(typeof node.maxLength === 'number' && node.maxLength <= STRICT_MAX_PATTERN_INPUT)) {
        return schemaProblem(
          'patterns',
          [...path, 'pattern'],
          `pattern needs a maxLength of at most ${STRICT_MAX_PATTERN_INPUT} beside it (strict profile)`,
        );
      }
    }
    if (isPlainObject(node.patternProperties)) {
      if (strict) {
        return schemaProblem(
          'patterns',
          [...path, 'patternProperties'],
          'patternProperties is refused (strict profile)',
        );
      }
      for (const key of Object.keys(node.patternProperties)) {
        const problem = budget.check(key, [...path, 'patternProperties', key], 'patternProperties key');
        if (problem !== undefined) return problem;
      }
    }
    if (strict && node.uniqueItems === true && typeof node.maxItems !== 'number') {
      return schemaProblem(
        'patterns',
        [...path, 'uniqueItems'],
        'uniqueItems needs a maxItems beside it (strict profile)',
      );
    }
    return undefined;
  });
}

/** Checks each pattern once and adds up the compiled sizes of the distinct ones. */
function patternBudget() {
  const seen = new Set<string>();
  let total = 0;
  return {
    check(pattern: string, path: (string | number)[], what: string): ExternalSchemaProblem | undefined {
      const checked = checkLinearPattern(pattern);
      if (!checked.ok)
        return schemaProblem('patterns', path, `${what} ${showValue(pattern)} is refused: ${checked.reason}`);
      if (seen.has(pattern)) return undefined;
      seen.add(pattern);
      total += checked.size;
      if (total <= MAX_SCHEMA_PATTERN_SIZE) return undefined;
      return schemaProblem(
        'patterns',
        path,
        `the schema's patterns together unroll to more than ${MAX_SCHEMA_PATTERN_SIZE} instructions of the linear-time engine`,
      );
    },
  };
}
