/** How one call of a batch may overlap others (SPEC PO-6). */
export interface BatchClaim {
  /** Runs alone: waits for every earlier call, and every later call waits for it. */
  readonly exclusive: boolean;
  /** Resources the call touches; calls sharing one run one after another, in call order. */
  readonly resources: readonly string[];
}

/**
 * For each call, the earlier calls it must wait for: all of them for an exclusive call; for the
 * others, the earlier exclusive calls and the earlier calls sharing a resource. Calls with
 * disjoint resources and concurrency-safe calls overlap.
 */
export function planBatch(claims: readonly BatchClaim[]): number[][] {
  return claims.map((claim, index) => {
    const waits: number[] = [];
    for (let earlier = 0; earlier < index; earlier++) {
      const other = claims[earlier] as BatchClaim;
      if (
        claim.exclusive ||
        other.exclusive ||
        other.resources.some((resource) => claim.resources.includes(resource))
      ) {
        waits.push(earlier);
      }
    }
    return waits;
  });
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
