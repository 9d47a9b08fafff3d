/** The longest delay a Node timer keeps (2³¹ − 1 ms, about 24.8 days): a longer one fires at once. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The range a duration option takes: whole milliseconds from `min` (default 1) to `max` (default {@link MAX_TIMER_MS}). */
export interface MillisecondRange {
  readonly min?: number;
  readonly max?: number;
}

/** The default range, one object for every call (the check runs on the gate's path). */
const DEFAULT_RANGE: MillisecondRange = Object.freeze({});

/**
 * The one check of a duration option, and its one sentence (SPEC ST-2): undefined for a whole number
 * of milliseconds in the range, else `<label> must be a whole number of milliseconds from 1 to
 * 2,147,483,647, not <value>.` Every timeout, lifetime and delay the packages take is checked here.
 */
export function millisecondsProblem(
  label: string,
  value: unknown,
  range: MillisecondRange = DEFAULT_RANGE,
): string | undefined {
  if (isMilliseconds(value, range)) return undefined;
  const { min = 1, max = MAX_TIMER_MS } = range;
  const shown = typeof value === 'string' ? value : String(value);
  return `${label} must be a whole number of milliseconds from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}, not ${shown}.`;
}

/** True for a whole number of milliseconds in the range (by default, one a timer can wait). */
export function isMilliseconds(value: unknown, range: MillisecondRange = DEFAULT_RANGE): value is number {
  const { min = 1, max = MAX_TIMER_MS } = range;
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
