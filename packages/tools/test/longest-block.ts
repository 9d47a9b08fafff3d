/**
 * The longest time the event loop was held while `work` ran, in milliseconds: a timer asks every
 * 2 ms and the largest gap between two of its turns is kept. A loaded machine adds gaps of its
 * own (the process not scheduled), a blocking loop the same gap every time: so the work is run up
 * to `attempts` times and the smallest longest gap is returned, stopping at one under `enough`.
 */
export async function longestBlock(work: () => Promise<unknown>, enough: number, attempts = 4): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < attempts && best >= enough; attempt++) {
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 2);
    try {
      await work();
      longest = Math.max(longest, performance.now() - last);
    } finally {
      clearInterval(timer);
    }
    best = Math.min(best, longest);
  }
  return best;
}
