import { stepInto, type ValueChange } from './value-change.js';

/** What zod 4 keeps of a schema: `schema._zod.def`, the parts toolwright reads. */
interface ZodDefinition {
  readonly type?: unknown;
  readonly coerce?: unknown;
  readonly checks?: unknown;
  readonly [part: string]: unknown;
}

/** The definition types whose very job is to change the value, and how a zod user writes each. */
const CHANGING_TYPES: ReadonlyMap<string, string> = new Map([
  ['transform', '.transform()'],
  ['catch', '.catch()'],
  ['prefault', '.prefault()'],
  ['success', 'z.success()'],
]);

/** The value-changing string checks zod builds on `overwrite`, told apart by what they call. */
const OVERWRITES: readonly (readonly [RegExp, string])[] = [
  [/\.trim\(\)/, '.trim()'],
  [/\.toLowerCase\(\)/, '.toLowerCase()'],
  [/\.toUpperCase\(\)/, '.toUpperCase()'],
  [/\.normalize\(/, '.normalize()'],
  [/slugify\(/, '.slugify()'],
];

/** Definition parts that hold one inner schema, read as the value itself (no step in the path). */
const WRAPPERS = ['innerType', 'in', 'out', 'left', 'right'] as const;

/**
 * The first part of a zod 4 schema that changes the value it validates, read from the schema's
 * definition (`_zod.def`) alone — nothing of the schema runs, and a default is never evaluated:
 * `.transform()`, `z.preprocess()`, `.pipe()` into a transform, codecs (`z.codec()`,
 * `z.stringbool()`), `.catch()`, `.prefault()`, `z.success()`, coercions (`z.coerce.number()`),
 * the string checks that rewrite (`.trim()`, `.toLowerCase()`, `.toUpperCase()`, `.normalize()`,
 * `.slugify()`, `.overwrite()`), and a `.default()` anywhere but the field's own schema (inside
 * an object it fills a key the model left out, which the binder does not see).
 */
export function findZodValueChange(schema: unknown): ValueChange | undefined {
  const seen = new Set<object>();
  const walk = (node: unknown, at: string, isField: boolean): ValueChange | undefined => {
    const definition = definitionOf(node);
    if (definition === undefined || seen.has(definition)) return undefined;
    seen.add(definition);
    const type = typeof definition.type === 'string' ? definition.type : '';
    const own = ownChange(definition, type, isField);
    if (own !== undefined) return { at, by: own };
    for (const [child, step] of children(node, definition, type)) {
      // Only wrappers (optional, nullable, default, pipe, lazy…) keep the field's own place.
      const found = walk(
        child,
        step === undefined || step === 'option' ? at : stepInto(at, step),
        isField && step === undefined,
      );
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(schema, '', true);
}

function definitionOf(node: unknown): ZodDefinition | undefined {
  if ((typeof node !== 'object' && typeof node !== 'function') || node === null) return undefined;
  const internals = (node as { _zod?: { def?: unknown } })._zod;
  const definition = internals?.def;
  return typeof definition === 'object' && definition !== null ? (definition as ZodDefinition) : undefined;
}

function ownChange(definition: ZodDefinition, type: string, isField: boolean): string | undefined {
  const changing = CHANGING_TYPES.get(type);
  if (changing !== undefined) return changing;
  if (definition.coerce === true) return `z.coerce.${type}()`;
  if (type === 'default' && !isField) return '.default() inside the schema';
  if (type === 'pipe') {
    if (definition.transform !== undefined) return 'z.codec() (or z.stringbool())';
    if (definitionOf(definition.in)?.type === 'transform') return 'z.preprocess()';
  }
  for (const check of Array.isArray(definition.checks) ? (definition.checks as unknown[]) : []) {
    const checkDefinition = definitionOf(check);
    if (checkDefinition?.check === 'overwrite') return describeOverwrite(checkDefinition.tx);
  }
  return undefined;
}

function describeOverwrite(rewrite: unknown): string {
  const source = typeof rewrite === 'function' ? Function.prototype.toString.call(rewrite) : '';
  return OVERWRITES.find(([calls]) => calls.test(source))?.[1] ?? '.overwrite()';
}

/**
 * The schemas inside a definition, each with its step in the path: `undefined` for a wrapper of
 * the same value, `'option'` for a branch of a union (the same value, but one of several).
 */
function children(node: unknown, definition: ZodDefinition, type: string): [unknown, string | undefined][] {
  const found: [unknown, string | undefined][] = WRAPPERS.map((part) => [definition[part], undefined]);
  if (type === 'lazy') found.push([lazyTarget(node, definition), undefined]);
  if (type === 'union' && Array.isArray(definition.options)) {
    for (const option of definition.options as unknown[]) found.push([option, 'option']);
  }
  if (type === 'object') {
    const shape = definition.shape;
    if (typeof shape === 'object' && shape !== null) {
      for (const key of Object.keys(shape)) found.push([(shape as Record<string, unknown>)[key], key]);
    }
    found.push([definition.catchall, '*']);
  }
  if (type === 'array' || type === 'set') found.push([definition.element, '[]']);
  if (type === 'tuple' && Array.isArray(definition.items)) {
    (definition.items as unknown[]).forEach((item, index) => found.push([item, `[${index}]`]));
    found.push([definition.rest, '[]']);
  }
  if (type === 'record' || type === 'map') {
    found.push([definition.keyType, '(key)'], [definition.valueType, '*']);
  }
  if (type === 'template_literal' && Array.isArray(definition.parts)) {
    for (const part of definition.parts as unknown[]) found.push([part, 'option']);
  }
  return found;
}

/**
 * The schema a `z.lazy()` stands for: the one zod keeps once resolved (`_zod.innerType`), so a
 * getter that builds a new schema at each call is still walked once; a getter that throws stands
 * for nothing here (the conversion reports it).
 */
function lazyTarget(node: unknown, definition: ZodDefinition): unknown {
  try {
    const resolved = (node as { _zod?: { innerType?: unknown } })._zod?.innerType;
    if (resolved !== undefined) return resolved;
    return typeof definition.getter === 'function' ? (definition.getter as () => unknown)() : undefined;
  } catch {
    return undefined;
  }
}
