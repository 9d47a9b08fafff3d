import { stepInto, type ValueChange } from './value-change.js';

/** The parts of an ArkType node toolwright reads (`type(…).internal`). */
interface ArkNode {
  readonly kind?: unknown;
  readonly includesTransform?: unknown;
  readonly expression?: unknown;
  readonly json?: unknown;
  readonly branches?: unknown;
  readonly inner?: { readonly morphs?: unknown };
  readonly flatMorphs?: unknown;
  readonly $?: { readonly type?: unknown };
}

/** ArkType's keywords that morph a string, named by the user's words for them. */
const MORPH_KEYWORDS = [
  'string.trim',
  'string.lower',
  'string.upper',
  'string.capitalize',
  'string.normalize',
  'string.normalize.NFC',
  'string.normalize.NFD',
  'string.normalize.NFKC',
  'string.normalize.NFKD',
  'string.numeric.parse',
  'string.integer.parse',
  'string.date.parse',
  'string.date.iso.parse',
  'string.date.epoch.parse',
  'string.json.parse',
  'string.url.parse',
] as const;

const keywordsByScope = new WeakMap<object, ReadonlyMap<unknown, string>>();

/**
 * The first part of an ArkType schema that changes the value it validates, read from its nodes
 * (`internal`) — nothing of the schema runs: a morph (`=>`, `.pipe(fn)`, `.to(…)`, and keywords
 * such as `string.trim`, `string.lower`, `string.numeric.parse`) or a default inside an object
 * (`'key?': 'number = 1'`), which ArkType reports together as `includesTransform`.
 */
export function findArkTypeValueChange(schema: unknown): ValueChange | undefined {
  if (typeof schema !== 'function' && (typeof schema !== 'object' || schema === null)) return undefined;
  const root = (schema as { internal?: unknown }).internal as ArkNode | undefined;
  // ArkType's nodes, like its types, are functions with properties.
  if ((typeof root !== 'object' && typeof root !== 'function') || root === null) return undefined;
  if (root.includesTransform !== true) return undefined;
  const atRoot = rootMorph(root);
  if (atRoot !== undefined) return { at: '', by: describeMorph(root, atRoot) };
  // Before the nested morphs: ArkType applies a default with a morph of the object that holds it.
  const defaulted = findDefault(root.json, '');
  if (defaulted !== undefined) return { at: defaulted.at, by: `a default (= ${defaulted.value}) inside the schema` };
  const nested = firstNestedMorph(root);
  if (nested !== undefined) return { at: nested.at, by: describeMorph(root, nested.node) };
  return { at: '', by: 'a morph or a default' };
}

/** The schema itself as a morph, or a branch of it when it is a union. */
function rootMorph(root: ArkNode): ArkNode | undefined {
  if (root.kind === 'morph') return root;
  if (root.kind !== 'union' || !Array.isArray(root.branches)) return undefined;
  return (root.branches as ArkNode[]).find((node) => node.kind === 'morph');
}

function firstNestedMorph(root: ArkNode): { at: string; node: ArkNode } | undefined {
  if (!Array.isArray(root.flatMorphs)) return undefined;
  const first = (root.flatMorphs as { path?: unknown; node?: ArkNode }[])[0];
  if (first?.node === undefined) return undefined;
  // A path step is a key, or a node for the index of an array.
  const steps = Array.isArray(first.path) ? (first.path as unknown[]) : [];
  const at = steps.reduce<string>((path, step) => stepInto(path, typeof step === 'string' ? step : '[]'), '');
  return { at, node: first.node };
}

function describeMorph(root: ArkNode, morph: ArkNode): string {
  const functions = Array.isArray(morph.inner?.morphs) ? (morph.inner.morphs as unknown[]) : [];
  const keywords = morphKeywords(root);
  const keyword = functions.map((fn) => keywords.get(fn)).find((name) => name !== undefined);
  if (keyword !== undefined) return keyword;
  return `a morph: ${typeof morph.expression === 'string' ? morph.expression : '=>'}`;
}

/** The morph functions of {@link MORPH_KEYWORDS} in the schema's own scope, found once per scope. */
function morphKeywords(root: ArkNode): ReadonlyMap<unknown, string> {
  const scope = root.$;
  if ((typeof scope !== 'object' && typeof scope !== 'function') || scope === null) return new Map();
  if (typeof scope.type !== 'function') return new Map();
  const known = keywordsByScope.get(scope);
  if (known !== undefined) return known;
  const found = new Map<unknown, string>();
  for (const keyword of MORPH_KEYWORDS) {
    try {
      const node = (scope.type as (definition: string) => { internal?: ArkNode })(keyword).internal;
      const morphs = node?.inner?.morphs;
      if (Array.isArray(morphs)) for (const fn of morphs as unknown[]) if (!found.has(fn)) found.set(fn, keyword);
    } catch {
      // A keyword this version of ArkType does not have.
    }
  }
  keywordsByScope.set(scope, found);
  return found;
}

/** The first `{ key, default }` entry in ArkType's JSON form of its nodes, and its path. */
function findDefault(json: unknown, at: string): { at: string; value: string } | undefined {
  if (Array.isArray(json)) {
    for (const item of json as unknown[]) {
      const found = findDefault(item, at);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof json !== 'object' || json === null) return undefined;
  const record = json as Record<string, unknown>;
  if (typeof record.key === 'string') {
    const here = stepInto(at, record.key);
    if ('default' in record) return { at: here, value: JSON.stringify(record.default) ?? String(record.default) };
    return findDefault(record.value, here);
  }
  for (const key of Object.keys(record)) {
    const found = findDefault(record[key], key === 'sequence' ? stepInto(at, '[]') : at);
    if (found !== undefined) return found;
  }
  return undefined;
}
