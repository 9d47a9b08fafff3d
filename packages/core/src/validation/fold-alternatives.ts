import type { ErrorObject } from 'ajv';
import { describeJsonType, isPlainObject } from '../json/json.js';
import { describeSchemaType, resolveLocalRef } from './describe-schema-type.js';

/** Validates a value against one branch of an `anyOf`/`oneOf`; `undefined` when the branch cannot be checked alone. */
export type BranchCheck = (branch: unknown, value: unknown) => ErrorObject[] | undefined;

const MAX_FOLD_DEPTH = 8;

/**
 * Decides what ajv's `anyOf`/`oneOf` errors say to the model. When exactly one branch fits the
 * value's JSON type (an object against `anyOf: [{$ref: Model}, {type: 'null'}]`), the problems
 * inside that branch are what matter: the value is checked against it alone and its errors are
 * reported at the value's path. Otherwise the alternative's own error speaks for all branches.
 * Either way, the errors ajv reported from inside the branches — including those located in
 * `$defs` through a `$ref`, which a schema-path prefix cannot attribute — are dropped.
 */
export function foldAlternatives(
  errors: readonly ErrorObject[],
  rootSchema: unknown,
  checkBranch: BranchCheck | undefined,
  depth = 0,
): ErrorObject[] {
  // Most refusals hold no failed alternative: then there is nothing to fold.
  if (!errors.some(isFailedAlternative)) return [...errors];
  const alternatives = errors
    .map((error, index) => ({ error, index, start: blockStart(errors, index) }))
    .filter(({ error }) => isFailedAlternative(error))
    .sort((left, right) => left.start - left.index - (right.start - right.index));
  const dropped = new Set<number>();
  const replacements = new Map<number, ErrorObject[]>();
  for (const { error, index, start } of alternatives) {
    if (dropped.has(index)) continue;
    for (let inside = start; inside < index; inside++) dropped.add(inside);
    const replacement = depth < MAX_FOLD_DEPTH ? checkSingleBranch(error, rootSchema, checkBranch, depth) : undefined;
    if (replacement !== undefined) {
      dropped.add(index);
      replacements.set(index, replacement);
    }
  }
  return errors.flatMap((error, index) => replacements.get(index) ?? (dropped.has(index) ? [] : [error]));
}

function checkSingleBranch(
  error: ErrorObject,
  rootSchema: unknown,
  checkBranch: BranchCheck | undefined,
  depth: number,
): ErrorObject[] | undefined {
  if (checkBranch === undefined) return undefined;
  const branches = Array.isArray(error.schema) ? error.schema : [];
  const resolved = branches.map((branch) =>
    isPlainObject(branch) && typeof branch.$ref === 'string' ? resolveLocalRef(rootSchema, branch.$ref) : branch,
  );
  if (resolved.every((branch) => isPlainObject(branch) && ('const' in branch || Array.isArray(branch.enum))))
    return undefined;
  const actual = describeJsonType(error.data);
  const fitting = resolved
    .map((branch, index) => ({ branch, index }))
    .filter(({ branch }) => fits(describeSchemaType(branch, rootSchema), actual));
  if (fitting.length !== 1) return undefined;
  const errors = checkBranch(branches[(fitting[0] as { index: number }).index], error.data);
  if (errors === undefined || errors.length === 0) return undefined;
  return foldAlternatives(errors, rootSchema, checkBranch, depth + 1).map((inner) => ({
    ...inner,
    instancePath: `${error.instancePath}${inner.instancePath}`,
  }));
}

/** True when a value of JSON type `actual` can satisfy a schema described as `described` ("object or null"). */
function fits(described: string, actual: string): boolean {
  if (described === 'any') return true;
  const types = described.split(' or ');
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

function isFailedAlternative(error: ErrorObject): boolean {
  return (
    (error.keyword === 'anyOf' || error.keyword === 'oneOf') &&
    (error.params as { passingSchemas?: unknown }).passingSchemas == null
  );
}

/**
 * Where the errors of an alternative's branches begin: ajv reports them right before the
 * alternative's own error, at or below its instance path, and not from the sibling keywords of
 * the schema node that holds the alternative.
 */
function blockStart(errors: readonly ErrorObject[], index: number): number {
  const alternative = errors[index] as ErrorObject;
  if (!isFailedAlternative(alternative)) return index;
  const node = alternative.schemaPath.slice(0, alternative.schemaPath.lastIndexOf('/'));
  let start = index;
  while (start > 0) {
    const candidate = errors[start - 1] as ErrorObject;
    const below =
      candidate.instancePath === alternative.instancePath ||
      candidate.instancePath.startsWith(`${alternative.instancePath}/`);
    const sibling =
      candidate.schemaPath.startsWith(`${node}/`) && !candidate.schemaPath.startsWith(`${alternative.schemaPath}/`);
    if (!below || sibling) break;
    start -= 1;
  }
  return start;
}
