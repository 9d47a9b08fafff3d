import type { ErrorObject } from 'ajv';
import { describeJsonType, isPlainObject } from '../json/json.js';
import { escapeControlCharacters } from '../text/escape-control-characters.js';
import { suggestName } from './did-you-mean.js';
import { describeSchemaType, resolveLocalRef } from './describe-schema-type.js';
import { foldAlternatives, type BranchCheck } from './fold-alternatives.js';
import { appendKey, toParameterPath, valueAtPointer } from './instance-path.js';
import type { Violation } from './violation.js';
import {
  enumViolation,
  patternViolation,
  requiredViolation,
  shapeViolation,
  typeViolation,
  unknownParameterViolation,
} from './violation-messages.js';

/**
 * Translates ajv's errors (compiled with `allErrors` and `verbose`) into GV-2 violations: one per
 * problem, `anyOf`/`oneOf` folded (see {@link foldAlternatives}), and a typo that produced both
 * "missing" and "unknown" reported once, as the did-you-mean line.
 */
export function translateErrors(
  errors: readonly ErrorObject[],
  data: unknown,
  rootSchema: unknown,
  checkBranch?: BranchCheck,
): Violation[] {
  const folded = foldAlternatives(errors, rootSchema, checkBranch);
  const violations: Violation[] = [];
  const suggested: string[] = [];
  const nameRules = new Map<string, string>();
  for (const error of folded) {
    // `if` reports only that `then`/`else` failed, whose own errors say what: its line would repeat them.
    if (error.keyword === 'if') continue;
    // A `propertyNames` check's own errors are about a name, not the object: its line says why.
    if (error.propertyName !== undefined) {
      nameRules.set(error.propertyName, describeNameRule(error));
      continue;
    }
    const violation = translateError(error, data, rootSchema, suggested, nameRules);
    if (violation !== undefined) violations.push(violation);
  }
  return violations.length < 2 && suggested.length === 0 ? violations : withoutRepeats(violations, suggested);
}

/**
 * The violations that say something new, in order: a "missing" line for a name a did-you-mean
 * line already suggests goes, so does a type line for a value an enum line covers (it already
 * says what the value must be), and so does a line said before. Lists are short: plain scans.
 */
function withoutRepeats(violations: readonly Violation[], suggested: readonly string[]): Violation[] {
  const kept: Violation[] = [];
  for (const violation of violations) {
    if (violation.kind === 'required' && suggested.includes(violation.path)) continue;
    if (violation.kind === 'type' && violations.some((other) => other.kind === 'enum' && other.path === violation.path))
      continue;
    if (kept.some((other) => other.message === violation.message)) continue;
    kept.push(violation);
  }
  return kept;
}

function translateError(
  error: ErrorObject,
  data: unknown,
  rootSchema: unknown,
  suggested: string[],
  nameRules: ReadonlyMap<string, string>,
): Violation | undefined {
  const path = toParameterPath(error.instancePath, data);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      const properties = isPlainObject(error.parentSchema?.properties) ? error.parentSchema.properties : {};
      const schema = Object.hasOwn(properties, missing) ? properties[missing] : undefined;
      return requiredViolation(appendKey(path, missing), describeSchemaType(schema, rootSchema));
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = String(params.additionalProperty ?? params.unevaluatedProperty);
      const suggestion = suggestName(name, missingCandidates(error, data));
      if (suggestion === undefined) return unknownParameterViolation(appendKey(path, name));
      suggested.push(appendKey(path, suggestion));
      return unknownParameterViolation(appendKey(path, name), appendKey(path, suggestion));
    }
    case 'type':
      return typeViolation(path, String(params.type).split(','));
    case 'enum':
      return enumViolation(path, asArray(params.allowedValues), error.data);
    case 'const':
      return enumViolation(path, [params.allowedValue], error.data);
    case 'pattern':
      return patternViolation(path, String(params.pattern));
    case 'anyOf':
    case 'oneOf':
      return translateAlternatives(error, path, rootSchema);
    case 'if':
      return undefined;
    case 'false schema':
      return shapeViolation(path, 'is not allowed');
    case 'not':
      return shapeViolation(path, 'has a form that is not allowed');
    case 'dependentRequired':
    case 'dependencies':
      return shapeViolation(
        appendKey(path, String(params.missingProperty)),
        `is required when '${String(params.property)}' is present`,
      );
    case 'propertyNames': {
      const name = String(params.propertyName);
      const rule = nameRules.get(name);
      const problem = rule === undefined ? '' : `: names ${rule}`;
      return shapeViolation(appendKey(path, name), `is not an allowed parameter name${problem}`);
    }
    case 'contains':
      return shapeViolation(path, 'must contain a matching item');
    default:
      return shapeViolation(path, `is invalid (${error.keyword})`);
  }
}

/** How many allowed names a `propertyNames` line lists at most. */
const NAMES_SHOWN = 10;

/** What a parameter name broke, for the `propertyNames` line: the rule in words where it has a plain one. */
function describeNameRule(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'pattern':
      return `must match the pattern ${escapeControlCharacters(String(params.pattern))}`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters long`;
    case 'minLength':
      return `must be at least ${String(params.limit)} characters long`;
    case 'enum':
    case 'const': {
      const allowed = error.keyword === 'enum' ? asArray(params.allowedValues) : [params.allowedValue];
      const shown = allowed.slice(0, NAMES_SHOWN).map((value) => escapeControlCharacters(JSON.stringify(value)));
      return `must be one of ${shown.join(', ')}${allowed.length > NAMES_SHOWN ? ', …' : ''}`;
    }
    default:
      return `must meet the schema's '${error.keyword}' rule`;
  }
}

function translateAlternatives(error: ErrorObject, path: string, rootSchema: unknown): Violation {
  if ((error.params as { passingSchemas?: unknown }).passingSchemas != null) {
    return shapeViolation(path, 'matches more than one allowed form');
  }
  const branches = asArray(error.schema).map((branch) =>
    isPlainObject(branch) && typeof branch.$ref === 'string' ? resolveLocalRef(rootSchema, branch.$ref) : branch,
  );
  const constants = branches.map(constantValues);
  if (constants.every((values) => values !== undefined)) {
    return enumViolation(path, constants.flat(), error.data);
  }
  const types = branches.map((branch) => describeSchemaType(branch, rootSchema));
  const expected = [...new Set(types.flatMap((type) => type.split(' or ')))];
  const actual = describeJsonType(error.data);
  const typeFits = expected.includes(actual) || (actual === 'integer' && expected.includes('number'));
  if (types.every((type) => type !== 'any') && !typeFits) return typeViolation(path, expected);
  return shapeViolation(path, 'does not match any of the allowed forms');
}

/** The values a branch allows when it is only a `const` or an `enum` (plus a matching `type`). */
function constantValues(branch: unknown): unknown[] | undefined {
  if (!isPlainObject(branch)) return undefined;
  if ('const' in branch) return [branch.const];
  if (Array.isArray(branch.enum)) return branch.enum;
  return undefined;
}

/** Declared property names the object at the error's location does not have yet. */
function missingCandidates(error: ErrorObject, data: unknown): string[] {
  const properties = error.parentSchema?.properties;
  if (!isPlainObject(properties)) return [];
  const target = valueAtPointer(data, error.instancePath);
  const names = declaredNames(properties);
  const present = isPlainObject(target) ? target : {};
  const missing: string[] = [];
  for (let index = 0; index < names.length; index++) {
    const name = names[index]!;
    if (!Object.hasOwn(present, name)) missing.push(name);
  }
  return missing;
}

/** The compiled schema's `properties` objects never change: their names are listed once each (never handed out). */
const namesOf = new WeakMap<object, string[]>();

function declaredNames(properties: Record<string, unknown>): readonly string[] {
  let names = namesOf.get(properties);
  if (names === undefined) {
    names = Object.keys(properties);
    namesOf.set(properties, names);
  }
  return names;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
