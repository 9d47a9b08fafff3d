// The option checks of @toolwright/shell's LocalShell (not exported by that package), the same rules here.
import type { ExecutionOptions } from '@toolwright/shell';

/** Throws a RangeError for a timeout or capture cap that is missing or not a valid number. */
export function checkOptions(options: ExecutionOptions): void {
  if (!Number.isFinite(options.timeoutMs) || options.timeoutMs <= 0)
    throw new RangeError(`timeoutMs must be a positive number, not ${options.timeoutMs}`);
  if (!Number.isSafeInteger(options.maxCaptureBytes) || options.maxCaptureBytes < 0) {
    throw new RangeError(
      `maxCaptureBytes must be given explicitly as a non-negative integer, not ${String(options.maxCaptureBytes)}`,
    );
  }
}
