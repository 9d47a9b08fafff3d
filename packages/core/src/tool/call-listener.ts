import { isThenable } from './abstract-tool.js';

/**
 * Hands `value` to a host's listener (an audit listener, a progress callback, a refusal report, a
 * logger) when there is one: whatever the listener throws, and whatever its promise rejects with,
 * is swallowed — a host's failure to listen never changes what it was told about. The one place
 * the packages call such a listener (SPEC ST-2).
 */
export function callListener<Value>(listener: ((value: Value) => unknown) | undefined, value: Value): void {
  if (listener === undefined) return;
  try {
    const returned = listener(value);
    if (isThenable(returned)) Promise.resolve(returned).then(undefined, ignore);
  } catch {
    // A listener's failure must not change the outcome it was told about.
  }
}

function ignore(): void {
  // A rejected listener's promise: nobody waits for it.
}
