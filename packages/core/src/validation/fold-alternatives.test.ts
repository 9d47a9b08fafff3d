import type { ErrorObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { foldAlternatives, type BranchCheck } from './fold-alternatives.js';

const OPTIONS = { allErrors: true, verbose: true, strict: false } as const;

/** Ajv's errors for `data`, compiled as the validator compiles (all errors, verbose). */
function errorsOf(schema: Record<string, unknown>, data: unknown): ErrorObject[] {
  const check = new Ajv2020(OPTIONS).compile(schema);
  expect(check(data)).toBe(false);
  return check.errors ?? [];
}

/** A real branch check (the branch compiled alone with the root's `$defs`) that records the branches it is given. */
function recordingCheck(root: Record<string, unknown>): { check: BranchCheck; branches: unknown[] } {
  const branches: unknown[] = [];
  const check: BranchCheck = (branch, value) => {
    branches.push(branch);
    const compiled = new Ajv2020(OPTIONS).compile({ ...(branch as object), $defs: root.$defs ?? {} });
    return compiled(value) ? [] : [...(compiled.errors ?? [])];
  };
  return { check, branches };
}

/** Each error as `keyword instancePath schemaPath`. */
const located = (errors: readonly ErrorObject[]): string[] =>
  errors.map((error) => `${error.keyword} ${error.instancePath} ${error.schemaPath}`);

const CATEGORY = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
const NULLABLE = {
  type: 'object',
  properties: { category: { anyOf: [{ $ref: '#/$defs/Category' }, { type: 'null' }] } },
  $defs: { Category: CATEGORY },
};

describe('foldAlternatives', () => {
  it('GV-2: without a failed alternative the errors come back as they are, in a new list', () => {
    const errors = errorsOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }, { a: 1 });
    const folded = foldAlternatives(errors, {}, undefined);
    expect(folded).toEqual(errors);
    expect(folded).not.toBe(errors);
    // A oneOf that failed because several branches passed is not folded: it has no branch errors to drop.
    const several = errorsOf({ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1);
    const { check, branches } = recordingCheck({});
    expect(located(foldAlternatives(several, {}, check))).toEqual(['oneOf  #/oneOf']);
    expect(branches).toEqual([]);
  });

  it('GV-2: without a branch check the alternative speaks alone, and the errors from its branches (in $defs too) go', () => {
    const errors = errorsOf(NULLABLE, { category: { id: 'x' } });
    expect(located(errors)).toEqual([
      'type /category/id #/$defs/Category/properties/id/type',
      'type /category #/properties/category/anyOf/1/type',
      'anyOf /category #/properties/category/anyOf',
    ]);
    expect(located(foldAlternatives(errors, NULLABLE, undefined))).toEqual([
      'anyOf /category #/properties/category/anyOf',
    ]);
  });

  it("GV-2: the one branch that fits the value's type is checked alone, its errors moved to the value's path", () => {
    const { check, branches } = recordingCheck(NULLABLE);
    const folded = foldAlternatives(errorsOf(NULLABLE, { category: { id: 'x' } }), NULLABLE, check);
    expect(located(folded)).toEqual(['type /category/id #/$defs/Category/properties/id/type']);
    // The branch is handed over as written: the check resolves the reference against the definitions it has.
    expect(branches).toEqual([{ $ref: '#/$defs/Category' }]);
  });

  it('GV-2: the alternative stays when no branch, or more than one, fits the type, or all branches are constants', () => {
    const cases: [Record<string, unknown>, unknown][] = [
      [{ anyOf: [{ type: 'string' }, { type: 'integer' }] }, true],
      [{ anyOf: [CATEGORY, { type: 'object', required: ['url'] }] }, {}],
      [{ anyOf: [{ const: 'a' }, { enum: ['b', 'c'] }] }, 'd'],
    ];
    for (const [schema, data] of cases) {
      const { check, branches } = recordingCheck(schema);
      expect(located(foldAlternatives(errorsOf(schema, data), schema, check))).toEqual(['anyOf  #/anyOf']);
      expect(branches).toEqual([]);
    }
  });

  it('GV-2: the alternative stays when the branch cannot be checked alone or reports nothing', () => {
    const errors = errorsOf(NULLABLE, { category: {} });
    for (const answer of [undefined, []]) {
      expect(located(foldAlternatives(errors, NULLABLE, () => answer))).toEqual([
        'anyOf /category #/properties/category/anyOf',
      ]);
    }
  });

  it('GV-5: folding stops after eight nested alternatives, where the alternative speaks for the rest', () => {
    let schema: Record<string, unknown> = { type: 'integer' };
    let value: unknown = 'x';
    for (let level = 0; level < 10; level++) {
      schema = { anyOf: [{ type: 'object', properties: { next: schema }, required: ['next'] }, { type: 'null' }] };
      value = { next: value };
    }
    const { check, branches } = recordingCheck(schema);
    expect(located(foldAlternatives(errorsOf(schema, value), schema, check))).toEqual([
      `anyOf ${'/next'.repeat(8)} #/properties/next/anyOf`,
    ]);
    expect(branches).toHaveLength(8);
  });
});
