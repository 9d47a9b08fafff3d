import type { ResourceClaim, Tool, ToolUse } from '@toolwright/core';

/** How one call of a batch may overlap others (SPEC PO-6). */
export interface BatchClaim {
  /** Runs alone: waits for every earlier call, and every later call waits for it. */
  readonly exclusive: boolean;
  /** Resources the call only reads: readers of one resource overlap. */
  readonly reads: readonly string[];
  /** Resources the call changes: it waits for every earlier call touching one of them, and later ones wait for it. */
  readonly writes: readonly string[];
}

/**
 * What one call of a batch reads and changes (SPEC PO-6): an EXCLUSIVE tool runs alone, and so
 * does a tool whose resource keys cannot be read; an unknown tool or unreadable arguments claim
 * nothing (the call only becomes an error result). A plain list of keys names what the call changes.
 */
export function claimOf(tool: Tool | undefined, toolUse: ToolUse, cwd: string): BatchClaim {
  const free = { exclusive: false, reads: [], writes: [] };
  if (tool === undefined || toolUse.inputError !== undefined) return free;
  if (tool.concurrency !== 'PARALLEL') return { ...free, exclusive: true };
  try {
    const claimed = tool.resourceKeys?.(toolUse.input, cwd) ?? [];
    const keys = (list: unknown): string[] =>
      Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : [];
    return Array.isArray(claimed)
      ? { ...free, writes: keys(claimed) }
      : {
          exclusive: false,
          reads: keys((claimed as ResourceClaim).reads),
          writes: keys((claimed as ResourceClaim).writes),
        };
  } catch {
    return { ...free, exclusive: true };
  }
}

/**
 * For each call, the earlier calls it must wait for: all of them for an exclusive call; for the
 * others, the earlier exclusive calls and the earlier calls whose resources conflict with its
 * own — a write against a read or a write of an overlapping resource (`/a` overlaps `/a` and
 * `/a/b`). Readers of a resource, calls on disjoint resources and concurrency-safe calls overlap,
 * so every call sees the effects of the calls before it that it could see.
 */
export function planBatch(claims: readonly BatchClaim[]): number[][] {
  return claims.map((claim, index) => {
    const waits: number[] = [];
    for (let earlier = 0; earlier < index; earlier++) {
      const other = claims[earlier] as BatchClaim;
      if (claim.exclusive || other.exclusive || conflict(claim, other)) waits.push(earlier);
    }
    return waits;
  });
}

function conflict(one: BatchClaim, other: BatchClaim): boolean {
  return (
    one.writes.some((key) => touches(key, other.writes) || touches(key, other.reads)) ||
    other.writes.some((key) => touches(key, one.reads))
  );
}

function touches(key: string, keys: readonly string[]): boolean {
  return keys.some((other) => overlaps(key, other));
}

/** Two keys overlap when they are equal or one lies below the other as a path. */
function overlaps(one: string, other: string): boolean {
  if (one === other) return true;
  const below = (inner: string, outer: string): boolean =>
    outer === '/' ? inner.startsWith('/') : inner.startsWith(`${outer}/`);
  return below(one, other) || below(other, one);
}

/** Runs tasks under a plan; results come back in task order whatever order they finish in. */
export async function runPlanned<Result>(
  tasks: readonly (() => Promise<Result>)[],
  plan: readonly number[][],
): Promise<Result[]> {
  const done: Promise<Result>[] = [];
  tasks.forEach((task, index) => {
    const waits = (plan[index] ?? []).map((earlier) => done[earlier] as Promise<Result>);
    done[index] = Promise.allSettled(waits).then(() => task());
  });
  return Promise.all(done);
}
