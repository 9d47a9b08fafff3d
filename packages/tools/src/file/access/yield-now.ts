import { setImmediate } from 'node:timers/promises';

/** How long synchronous file work may hold the event loop before it lets timers and aborts run. */
const SLICE_MS = 20;

/** Lets the event loop run when the current slice of synchronous work is used up: a promise then, else `undefined`. */
export type Pause = () => Promise<void> | undefined;

/**
 * A cooperative pause for loops of synchronous file work (synchronous reads are several times
 * faster than `fs.promises` for many small files): call it often; every 20 ms it yields once to
 * the event loop, so the gate's timeout and the call's abort signal still take effect.
 */
export function createYielder(): Pause {
  let sliceStarted = performance.now();
  return () => {
    if (performance.now() - sliceStarted < SLICE_MS) return undefined;
    return setImmediate().then(() => {
      sliceStarted = performance.now();
    });
  };
}
