import { isPlainObject, type JsonObject, type JsonValue } from '../json/json.js';
import { resolveLocalRef } from '../validation/describe-schema-type.js';

/** How deep into a schema samples are built (references followed count as a level). */
const MAX_DEPTH = 6;
/** The most samples one schema node contributes. */
const MAX_PER_NODE = 48;
/** The most samples in all. */
const MAX_SAMPLES = 256;

/**
 * Strings a value-changing string schema would change: padded, mixed case and spaced (trim,
 * lower or upper case, slugs, camel case), lower case alone (capitalize), `é` decomposed and
 * composed (Unicode normal forms), and empty.
 */
const STRINGS: readonly JsonValue[] = ['  Mixed Case  ', 'plain', 'e\u0301', '\u00e9', ''];
const NUMBERS: readonly JsonValue[] = [1.5, 3, 0, -2];
const INTEGERS: readonly JsonValue[] = [3, 0, -2];
const BOOLEANS: readonly JsonValue[] = [true, false];

/**
 * Values of the wrong JSON type that a coercion accepts and changes (`"12"` for a number, `12`
 * for a string, `"true"` for a boolean): a schema that validates one of them to another value
 * converts what it is given.
 */
const OFF_TYPE: Readonly<Record<string, readonly JsonValue[]>> = {
  string: [12, true],
  number: ['12', '', true],
  integer: ['12', '', true],
  boolean: ['true', 'false', 1, 0, ''],
  null: ['', 0, 'null'],
};

/**
 * A few JSON values built from a JSON Schema's structure — its `const` and `enum` values, strings,
 * numbers and booleans of each type it allows, arrays and objects of those (each property's
 * samples in turn, and the optional properties left out), and values of the wrong type for each
 * primitive type — for a probe of what a
 * validator does to the values the schema describes. Bounded (at most 256, six levels deep), local
 * references followed; a sample need not be valid.
 */
export function sampleValues(document: JsonObject): JsonValue[] {
  return samplesOf(document, document, 0).slice(0, MAX_SAMPLES);
}

function samplesOf(root: JsonObject, node: unknown, depth: number): JsonValue[] {
  if (depth > MAX_DEPTH) return [];
  if (node === true) return [...STRINGS.slice(0, 2), ...NUMBERS.slice(0, 2), true, null];
  if (!isPlainObject(node)) return [];
  const found: JsonValue[] = [];
  if (typeof node.$ref === 'string') found.push(...samplesOf(root, resolveLocalRef(root, node.$ref), depth + 1));
  if (Object.hasOwn(node, 'const')) found.push(node.const as JsonValue);
  if (Array.isArray(node.enum)) found.push(...(node.enum as JsonValue[]));
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    const branches = node[keyword];
    if (Array.isArray(branches)) for (const branch of branches) found.push(...samplesOf(root, branch, depth + 1));
  }
  const described = ['$ref', 'const', 'enum', 'anyOf', 'oneOf', 'allOf'].some((keyword) =>
    Object.hasOwn(node, keyword),
  );
  for (const type of typesOf(node, described)) {
    found.push(...typedSamples(root, node, type, depth), ...(OFF_TYPE[type] ?? []));
  }
  return distinct(found).slice(0, MAX_PER_NODE);
}

/** The JSON types a node allows: its `type`, else what its keywords imply, else (when no other keyword describes its values) every primitive. */
function typesOf(node: Record<string, unknown>, described: boolean): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type.filter((type): type is string => typeof type === 'string');
  if (isPlainObject(node.properties) || node.additionalProperties !== undefined) return ['object'];
  if (node.items !== undefined || Array.isArray(node.prefixItems)) return ['array'];
  return described ? [] : ['string', 'number', 'boolean', 'null'];
}

function typedSamples(root: JsonObject, node: Record<string, unknown>, type: string, depth: number): JsonValue[] {
  const bounds = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map((key) => node[key]);
  const numbers = bounds.filter((bound): bound is number => typeof bound === 'number' && Number.isFinite(bound));
  switch (type) {
    case 'string':
      return [...STRINGS];
    case 'number':
      return [...NUMBERS, ...numbers];
    case 'integer':
      return [...INTEGERS, ...numbers.filter((bound) => Number.isInteger(bound))];
    case 'boolean':
      return [...BOOLEANS];
    case 'null':
      return [null];
    case 'array':
      return arraySamples(root, node, depth);
    case 'object':
      return objectSamples(root, node, depth);
    default:
      return [];
  }
}

function arraySamples(root: JsonObject, node: Record<string, unknown>, depth: number): JsonValue[] {
  const prefix = Array.isArray(node.prefixItems)
    ? node.prefixItems.map((item) => samplesOf(root, item, depth + 1))
    : [];
  if (prefix.some((samples) => samples.length === 0)) return [];
  const tuple = prefix.map((samples) => samples[0] as JsonValue);
  const variants = prefix.flatMap((samples, index) =>
    samples.slice(1).map((sample) => tuple.map((value, at) => (at === index ? sample : value))),
  );
  const items = isPlainObject(node.items) ? samplesOf(root, node.items, depth + 1) : [];
  const longer = items.map((item) => [...tuple, item]);
  const pair = items.length > 1 ? [[...tuple, items[0] as JsonValue, items[1] as JsonValue]] : [];
  return [tuple, ...variants, ...longer, ...pair];
}

function objectSamples(root: JsonObject, node: Record<string, unknown>, depth: number): JsonValue[] {
  const properties = isPlainObject(node.properties) ? node.properties : {};
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const base: Record<string, JsonValue> = {};
  const sampled: [string, JsonValue[]][] = [];
  for (const key of Object.keys(properties)) {
    const samples = samplesOf(root, properties[key], depth + 1);
    if (samples.length === 0) {
      if (required.has(key)) return [];
      continue;
    }
    setKey(base, key, samples[0] as JsonValue);
    sampled.push([key, samples]);
  }
  // Optional properties left out, all and one by one: a schema that fills in a default for one changes the value.
  const optional = sampled.map(([key]) => key).filter((key) => !required.has(key));
  const without = (left: readonly string[]) => {
    const object: Record<string, JsonValue> = {};
    for (const key of Object.keys(base)) if (!left.includes(key)) setKey(object, key, base[key] as JsonValue);
    return object;
  };
  const objects: JsonValue[] = [base];
  if (optional.length > 0) objects.push(without(optional));
  if (optional.length > 1) for (const key of optional) objects.push(without([key]));
  // Each property's second sample before any property's third, so a cut leaves no property unvaried.
  for (let rank = 1; sampled.some(([, samples]) => rank < samples.length); rank++) {
    for (const [key, samples] of sampled) {
      if (rank < samples.length) objects.push(setKey({ ...base }, key, samples[rank] as JsonValue));
    }
  }
  const extra = isPlainObject(node.additionalProperties) ? samplesOf(root, node.additionalProperties, depth + 1) : [];
  for (const sample of extra.slice(0, 4)) objects.push(setKey({ ...base }, ' Mixed Key ', sample));
  return objects;
}

/** Sets a key as a plain data property (`__proto__` stays a key). */
function setKey(target: Record<string, JsonValue>, key: string, value: JsonValue): Record<string, JsonValue> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

function distinct(values: readonly JsonValue[]): JsonValue[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
