import { isPlainObject } from '../input/json.js';
import { compileLinearRegExp } from '../validation/linear-regexp.js';
import { schemaProblem, showValue, type ExternalSchemaProblem } from './external-schema-problem.js';
import { findInSchema } from './find-in-schema.js';

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

/**
 * SC-3 on every subschema: each `pattern` and `patternProperties` key compiles on the linear-time
 * engine (RE2 semantics: no lookaround, no backreferences), so no schema can make validation slow;
 * under the STRICT profile, the seeds' shape rules too. `format` is never asserted, so
 * `format: "regex"` runs nothing.
 */
export function checkSchemaPatterns(
  root: Record<string, unknown>,
  profile: SchemaProfile = SchemaProfile.STANDARD,
): ExternalSchemaProblem | undefined {
  const strict = profile === SchemaProfile.STRICT;
  return findInSchema(root, (node, path) => {
    if (typeof node.pattern === 'string') {
      const reason = linearCompileError(node.pattern);
      if (reason !== undefined) {
        return schemaProblem(
          'SC-3',
          [...path, 'pattern'],
          `pattern ${showValue(node.pattern)} cannot run on the linear-time regular-expression engine (${reason})`,
        );
      }
      if (strict && !(typeof node.maxLength === 'number' && node.maxLength <= STRICT_MAX_PATTERN_INPUT)) {
        return schemaProblem(
          'SC-3',
          [...path, 'pattern'],
          `pattern needs a maxLength of at most ${STRICT_MAX_PATTERN_INPUT} beside it (strict profile)`,
        );
      }
    }
    if (isPlainObject(node.patternProperties)) {
      if (strict) {
        return schemaProblem('SC-3', [...path, 'patternProperties'], 'patternProperties is refused (strict profile)');
      }
      for (const key of Object.keys(node.patternProperties)) {
        const reason = linearCompileError(key);
        if (reason !== undefined) {
          return schemaProblem(
            'SC-3',
            [...path, 'patternProperties', key],
            `patternProperties key ${showValue(key)} cannot run on the linear-time regular-expression engine (${reason})`,
          );
        }
      }
    }
    if (strict && node.uniqueItems === true && typeof node.maxItems !== 'number') {
      return schemaProblem('SC-3', [...path, 'uniqueItems'], 'uniqueItems needs a maxItems beside it (strict profile)');
    }
    return undefined;
  });
}

function linearCompileError(pattern: string): string | undefined {
  try {
    compileLinearRegExp(pattern);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
