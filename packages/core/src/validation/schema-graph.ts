import { isPlainObject } from '../json/json.js';
import {
  LIST_SUBSCHEMA_KEYWORDS,
  MAP_SUBSCHEMA_KEYWORDS,
  SINGLE_SUBSCHEMA_KEYWORDS,
} from '../json-schema/schema-keywords.js';
import { resolveLocalRef } from './describe-schema-type.js';
import { checkLinearPattern, type LinearRegExp } from './linear-regexp.js';

/**
 * One subschema as a validator walks it: what else applies to the same value (`allOf`, `$ref`,
 * `then`, …) and what applies to the value's members (`properties`, `items`, …). Targets are node
 * numbers in {@link SchemaGraph.nodes}.
 */
export interface SchemaGraphNode {
  /** Where the node is, from the root (property names and array indexes). */
  readonly path: readonly (string | number)[];
  /** Subschemas applied to the same value, once per mention (`allOf: [A, A]` lists A twice). */
  readonly sameValue: number[];
  /** `properties`, by name. */
  readonly named: Map<string, number[]>;
  /** `patternProperties`: the pattern (when it compiles) and its subschema. */
  readonly patterns: [LinearRegExp | undefined, number][];
  /** `additionalProperties`: members not named here. */
  readonly otherMembers: number[];
  /** `unevaluatedProperties` and `propertyNames`: every member (or its name). */
  readonly everyMember: number[];
  /** `prefixItems` (or draft-07's `items` array), by position. */
  readonly positions: number[];
  /** `items` past the positions (or draft-07's `additionalItems`). */
  readonly laterItems: number[];
  /** `contains` and `unevaluatedItems`: every item. */
  readonly everyItem: number[];
}

/** Every subschema reachable from the root, with the root as node 0. */
export interface SchemaGraph {
  readonly nodes: readonly SchemaGraphNode[];
}

const SAME_VALUE_SINGLE = ['not', 'if', 'then', 'else'] as const;
const SAME_VALUE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SAME_VALUE_MAPS = ['dependentSchemas', 'dependencies'] as const;

/**
 * Builds the graph a validator walks from `root`, following local references (`#/…` pointers,
 * `#anchor`, `$dynamicRef` to every `$dynamicAnchor` of that name, `$recursiveRef` to the root
 * and every `$recursiveAnchor`). References that do not resolve inside the document add nothing.
 * Iterative: safe on any depth.
 */
export function buildSchemaGraph(root: unknown): SchemaGraph {
  const paths = documentPaths(root);
  const anchors = collectAnchors(paths);
  const ids = new Map<unknown, number>();
  const nodes: SchemaGraphNode[] = [];
  const pending: unknown[] = [];
  const idOf = (schema: unknown, fallbackPath: readonly (string | number)[]): number | undefined => {
    if (!isPlainObject(schema) && typeof schema !== 'boolean') return undefined;
    let id = ids.get(schema);
    if (id === undefined) {
      id = nodes.length;
      ids.set(schema, id);
      nodes.push(emptyNode(paths.get(schema) ?? fallbackPath));
      pending.push(schema);
    }
    return id;
  };
  idOf(root, []);
  for (let index = 0; index < pending.length; index++) {
    const schema = pending[index];
    if (!isPlainObject(schema)) continue;
    fillNode(nodes[index] as SchemaGraphNode, schema, (target, at) => idOf(target, at), { root, anchors });
  }
  return { nodes };
}

interface Resolution {
  readonly root: unknown;
  readonly anchors: ReadonlyMap<string, readonly unknown[]>;
}

function fillNode(
  node: SchemaGraphNode,
  schema: Record<string, unknown>,
  idOf: (target: unknown, at: readonly (string | number)[]) => number | undefined,
  resolution: Resolution,
): void {
  const at = (...segments: (string | number)[]) => [...node.path, ...segments];
  const push = (list: number[], target: unknown, where: (string | number)[]) => {
    const id = idOf(target, where);
    if (id !== undefined) list.push(id);
  };
  for (const keyword of SAME_VALUE_SINGLE) push(node.sameValue, schema[keyword], at(keyword));
  for (const keyword of SAME_VALUE_LISTS) {
    const list = schema[keyword];
    if (Array.isArray(list)) list.forEach((entry, index) => push(node.sameValue, entry, at(keyword, index)));
  }
  for (const keyword of SAME_VALUE_MAPS) {
    const map = schema[keyword];
    if (isPlainObject(map)) for (const name of Object.keys(map)) push(node.sameValue, map[name], at(keyword, name));
  }
  for (const target of referenceTargets(schema, resolution)) push(node.sameValue, target, at('$ref'));
  const properties = schema.properties;
  if (isPlainObject(properties)) {
    for (const name of Object.keys(properties)) {
      const targets: number[] = [];
      push(targets, properties[name], at('properties', name));
      node.named.set(name, targets);
    }
  }
  const patterns = schema.patternProperties;
  if (isPlainObject(patterns)) {
    for (const pattern of Object.keys(patterns)) {
      const id = idOf(patterns[pattern], at('patternProperties', pattern));
      const checked = checkLinearPattern(pattern);
      if (id !== undefined) node.patterns.push([checked.ok ? checked.regExp : undefined, id]);
    }
  }
  push(node.otherMembers, schema.additionalProperties, at('additionalProperties'));
  push(node.everyMember, schema.unevaluatedProperties, at('unevaluatedProperties'));
  push(node.everyMember, schema.propertyNames, at('propertyNames'));
  const tuple = Array.isArray(schema.prefixItems) ? 'prefixItems' : Array.isArray(schema.items) ? 'items' : undefined;
  if (tuple !== undefined) {
    (schema[tuple] as unknown[]).forEach((entry, index) => push(node.positions, entry, at(tuple, index)));
  }
  if (!Array.isArray(schema.items)) push(node.laterItems, schema.items, at('items'));
  if (Array.isArray(schema.items)) push(node.laterItems, schema.additionalItems, at('additionalItems'));
  push(node.everyItem, schema.contains, at('contains'));
  push(node.everyItem, schema.unevaluatedItems, at('unevaluatedItems'));
}

/** What `$ref`, `$dynamicRef` and `$recursiveRef` of one node resolve to inside the document. */
function referenceTargets(schema: Record<string, unknown>, { root, anchors }: Resolution): unknown[] {
  const targets: unknown[] = [];
  for (const keyword of ['$ref', '$dynamicRef'] as const) {
    const reference = schema[keyword];
    if (typeof reference !== 'string' || !reference.startsWith('#')) continue;
    const fragment = reference.slice(1);
    if (fragment === '' || fragment.startsWith('/')) {
      try {
        targets.push(resolveLocalRef(root, reference));
      } catch {
        // A malformed escape names nothing.
      }
    } else {
      targets.push(...(anchors.get(keyword === '$ref' ? `anchor:${fragment}` : `dynamic:${fragment}`) ?? []));
    }
  }
  if (typeof schema.$recursiveRef === 'string') targets.push(root, ...(anchors.get('recursive') ?? []));
  return targets;
}

/** The path of every subschema in the document tree (the walk `findInSchema` makes), without recursion. */
function documentPaths(root: unknown): Map<unknown, readonly (string | number)[]> {
  const paths = new Map<unknown, readonly (string | number)[]>();
  const stack: [unknown, (string | number)[]][] = [[root, []]];
  while (stack.length > 0) {
    const [schema, path] = stack.pop() as [unknown, (string | number)[]];
    if (!isPlainObject(schema) || paths.has(schema)) continue;
    paths.set(schema, path);
    for (const keyword of Object.keys(schema)) {
      const value = schema[keyword];
      if (LIST_SUBSCHEMA_KEYWORDS.has(keyword) && Array.isArray(value)) {
        value.forEach((entry, index) => stack.push([entry, [...path, keyword, index]]));
      } else if (SINGLE_SUBSCHEMA_KEYWORDS.has(keyword)) {
        stack.push([value, [...path, keyword]]);
      } else if (MAP_SUBSCHEMA_KEYWORDS.has(keyword) && isPlainObject(value)) {
        for (const name of Object.keys(value)) stack.push([value[name], [...path, keyword, name]]);
      }
    }
  }
  return paths;
}

/** Nodes by `anchor:<name>` (`$anchor`, and `$dynamicAnchor` for plain references), `dynamic:<name>`, `recursive`. */
function collectAnchors(paths: Map<unknown, unknown>): Map<string, unknown[]> {
  const anchors = new Map<string, unknown[]>();
  const add = (key: string, schema: unknown) => {
    const list = anchors.get(key);
    if (list === undefined) anchors.set(key, [schema]);
    else list.push(schema);
  };
  for (const schema of paths.keys()) {
    if (!isPlainObject(schema)) continue;
    if (typeof schema.$anchor === 'string') add(`anchor:${schema.$anchor}`, schema);
    if (typeof schema.$dynamicAnchor === 'string') {
      add(`anchor:${schema.$dynamicAnchor}`, schema);
      add(`dynamic:${schema.$dynamicAnchor}`, schema);
    }
    if (schema.$recursiveAnchor === true) add('recursive', schema);
  }
  return anchors;
}

function emptyNode(path: readonly (string | number)[]): SchemaGraphNode {
  return {
    path,
    sameValue: [],
    named: new Map(),
    patterns: [],
    otherMembers: [],
    everyMember: [],
    positions: [],
    laterItems: [],
    everyItem: [],
  };
}
