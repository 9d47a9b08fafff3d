/**
 * `work`'s outcome, or a rejection with `late()`'s error when it has none within `timeoutMs`.
 * `late` runs once, at the deadline, and may give up on the work (drop its connection).
 */
export async function withDeadline<Value>(work: Promise<Value>, timeoutMs: number, late: () => Error): Promise<Value> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(late()), timeoutMs);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
