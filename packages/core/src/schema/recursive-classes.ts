// Which nested input classes refer back to themselves, and what their `$defs` entries are called.
import type { InputClass } from '../decorators/input-class.js';
import { resolveInputClass, type FieldModel } from './input-class-model.js';

/**
 * The name a class's `$defs` entry starts from: its name without leading underscores, because
 * esbuild (without `keepNames`) renames a class that refers to itself to `_Name`, and the schema
 * must not depend on the build tool.
 */
export function className(target: InputClass): string {
  return target.name.replace(/^_+/, '') || 'Anonymous';
}

/** The input classes reachable from `start` that can reach themselves again (written once, under `$defs`). */
export function findRecursiveClasses(start: InputClass): Set<Function> {
  const edges = new Map<Function, InputClass[]>();
  const pending: InputClass[] = [start];
  while (pending.length > 0) {
    const current = pending.pop() as InputClass;
    if (edges.has(current)) continue;
    const targets = resolveInputClass(current).fields.flatMap((field) => classTargets(field.binding));
    edges.set(current, targets);
    pending.push(...targets);
  }
  const recursive = new Set<Function>();
  for (const candidate of edges.keys()) {
    const seen = new Set<Function>();
    const stack = [...(edges.get(candidate) ?? [])];
    while (stack.length > 0) {
      const next = stack.pop() as InputClass;
      if (next === candidate) {
        recursive.add(candidate);
        break;
      }
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(edges.get(next) ?? []));
    }
  }
  return recursive;
}

/** The classes a field's binding holds (itself, or its array items at any depth). */
export function classTargets(binding: FieldModel['binding']): InputClass[] {
  if (binding.kind === 'class') return [binding.target];
  if (binding.kind === 'array') return classTargets(binding.items);
  return [];
}
