import { buildSchemaGraph, type SchemaGraphNode } from './schema-graph.js';

/**
 * The most subschema evaluations checking one value may take. `allOf: [{$ref: X}, {$ref: X}]`
 * twenty levels deep is two million; a large real schema, a few hundred.
 */
export const MAX_EVALUATIONS_PER_VALUE = 10_000;

/** How deeply values are assumed to nest when recursion is measured: the gate refuses deeper arguments. */
export const MEASURED_VALUE_DEPTH = 64;

/** The most work measuring may itself take, in merged entries; past it the schema is refused as too intricate. */
const MAX_MEASURING_STEPS = 2_000_000;

const CAP = MAX_EVALUATIONS_PER_VALUE + 1;

/** What checking a value against a schema may cost, or why the schema is refused. */
export type SchemaCost =
  | {
      readonly ok: true;
      /** The most subschema evaluations any one value (at any depth up to 64) can take. */
      readonly evaluations: number;
    }
  | {
      readonly ok: false;
      /** Where the problem is, from the root. */
      readonly path: readonly (string | number)[];
      /** What is wrong, for a human: one clause, no trailing full stop. */
      readonly reason: string;
    };

/** Costs by which member of a value they land on: a named property, any other one, an item position, later items. */
interface MemberCosts {
  readonly named: Map<string, number>;
  other: number;
  readonly positions: number[];
  later: number;
}

/**
 * Measures, without expanding anything, how many subschemas a validator may evaluate for one
 * value: each subschema counts once per way it is reached (`allOf`, `anyOf`, `oneOf`, `not`,
 * `if`/`then`/`else`, `dependentSchemas`, references) — memoised per node, so shared targets are
 * counted, not walked. Recursion through members (`properties`, `items`, …) is followed for values
 * nested up to {@link MEASURED_VALUE_DEPTH} levels, keeping members apart by name and position, so
 * a tree whose nodes refer to the root once per child stays cheap while a member checked twice
 * against the root at every level doubles per level. Refuses a schema that refers back to itself
 * without going into the value (checking would never end), one whose cost per value exceeds
 * {@link MAX_EVALUATIONS_PER_VALUE}, and one too intricate to measure. Never throws.
 */
export function measureSchemaCost(root: unknown): SchemaCost {
  const { nodes } = buildSchemaGraph(root);
  const order = sameValueOrder(nodes);
  if ('cycleAt' in order) {
    return refuse(
      (nodes[order.cycleAt] as SchemaGraphNode).path,
      'it refers back to a schema it is part of without going into the value, so checking some values would never end',
    );
  }
  const expanded = new Float64Array(nodes.length);
  for (const id of order.order) {
    let size = 1;
    for (const target of (nodes[id] as SchemaGraphNode).sameValue) size += expanded[target] as number;
    expanded[id] = Math.min(CAP, size);
  }
  if ((expanded[0] as number) > MAX_EVALUATIONS_PER_VALUE) return tooExpensive();
  let previous = expanded;
  let steps = 0;
  for (let depth = 1; depth <= MEASURED_VALUE_DEPTH; depth++) {
    const costs: MemberCosts[] = [];
    const current = new Float64Array(nodes.length);
    let changed = false;
    for (const id of order.order) {
      const node = nodes[id] as SchemaGraphNode;
      const members = ownMemberCosts(node, previous);
      for (const target of node.sameValue) steps += addInto(members, costs[target] as MemberCosts);
      if (steps > MAX_MEASURING_STEPS) {
        return refuse(
          [],
          `it is too intricate to measure what checking a value costs (over ${MAX_MEASURING_STEPS} steps)`,
        );
      }
      costs[id] = members;
      current[id] = Math.min(CAP, Math.max(expanded[id] as number, largest(members)));
      if (current[id] !== previous[id]) changed = true;
    }
    if ((current[0] as number) > MAX_EVALUATIONS_PER_VALUE) return tooExpensive();
    previous = current;
    if (!changed) break;
  }
  return { ok: true, evaluations: previous[0] as number };
}

function refuse(path: readonly (string | number)[], reason: string): SchemaCost {
  return { ok: false, path, reason };
}

function tooExpensive(): SchemaCost {
  return refuse(
    [],
    `checking one value could take more than ${MAX_EVALUATIONS_PER_VALUE} subschema evaluations, because combinators and references multiply each other`,
  );
}

/**
 * The nodes in an order where every node comes after what it applies to the same value, or the
 * node whose reference closes a loop that never goes into the value. Iterative depth-first walk.
 */
function sameValueOrder(nodes: readonly SchemaGraphNode[]): { order: number[] } | { cycleAt: number } {
  const state = new Uint8Array(nodes.length); // 0 unseen, 1 on the walk, 2 done
  const order: number[] = [];
  for (let start = 0; start < nodes.length; start++) {
    if (state[start] !== 0) continue;
    state[start] = 1;
    const stack: [number, number][] = [[start, 0]];
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as [number, number];
      const edges = (nodes[top[0]] as SchemaGraphNode).sameValue;
      if (top[1] < edges.length) {
        const target = edges[top[1]] as number;
        top[1] += 1;
        if (state[target] === 1) return { cycleAt: top[0] };
        if (state[target] === 0) {
          state[target] = 1;
          stack.push([target, 0]);
        }
      } else {
        state[top[0]] = 2;
        order.push(top[0]);
        stack.pop();
      }
    }
  }
  return { order };
}

/** What one node's own member keywords cost, each target at its cost one level down. */
function ownMemberCosts(node: SchemaGraphNode, cost: Float64Array): MemberCosts {
  const sum = (targets: readonly number[]) => targets.reduce((total, target) => total + (cost[target] as number), 0);
  const everyMember = sum(node.everyMember);
  const everyItem = sum(node.everyItem);
  const named = new Map<string, number>();
  for (const [name, targets] of node.named) {
    let total = sum(targets) + everyMember;
    for (const [pattern, target] of node.patterns) {
      if (pattern === undefined || pattern.test(name)) total += cost[target] as number;
    }
    named.set(name, Math.min(CAP, total));
  }
  const allPatterns = node.patterns.reduce((total, [, target]) => total + (cost[target] as number), 0);
  return {
    named,
    other: Math.min(CAP, sum(node.otherMembers) + allPatterns + everyMember),
    positions: node.positions.map((target) => Math.min(CAP, (cost[target] as number) + everyItem)),
    later: Math.min(CAP, sum(node.laterItems) + everyItem),
  };
}

/** Adds `from` into `into`, member by member; returns the work done. */
function addInto(into: MemberCosts, from: MemberCosts): number {
  for (const [name, value] of into.named) {
    into.named.set(name, Math.min(CAP, value + (from.named.get(name) ?? from.other)));
  }
  for (const [name, value] of from.named) {
    if (!into.named.has(name)) into.named.set(name, Math.min(CAP, into.other + value));
  }
  const positions = Math.max(into.positions.length, from.positions.length);
  for (let index = 0; index < positions; index++) {
    into.positions[index] = Math.min(
      CAP,
      (into.positions[index] ?? into.later) + (from.positions[index] ?? from.later),
    );
  }
  into.other = Math.min(CAP, into.other + from.other);
  into.later = Math.min(CAP, into.later + from.later);
  return 1 + into.named.size + positions;
}

function largest(members: MemberCosts): number {
  let most = Math.max(members.other, members.later);
  for (const value of members.named.values()) most = Math.max(most, value);
  for (const value of members.positions) most = Math.max(most, value);
  return most;
}
