/**
 * The clock a call's duration is read from: the global `performance`, looked up once (the global
 * is an accessor, and every call reads the clock twice).
 */
const clock = performance;

/** Milliseconds on the call clock (a monotonic clock with sub-millisecond resolution). */
export function callClock(): number {
  return clock.now();
}
