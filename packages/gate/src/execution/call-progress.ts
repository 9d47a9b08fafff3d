import type { ToolProgress } from '@toolwright/core';
import { callListener, cutText } from '@toolwright/core/internal';

/** The longest progress message a host receives, in UTF-16 code units; longer ones are cut. */
export const MAX_PROGRESS_MESSAGE_CHARS = 1_000;

/** One call's progress: what its tool's context reports through, and the call's end. */
export interface CallProgress {
  /** The context's `progress`: checks an update and hands it to the host. Never throws. */
  readonly report: (update: ToolProgress) => void;
  /** The call has finished (or was abandoned): every later report is dropped. */
  finish(): void;
}

/** Why nothing is said: nobody listens. */
function ignore(): void {
  // No host listens to this call's progress.
}

/** The progress of a call whose host does not listen: one shared no-op, nothing made per call. */
export const SILENT_PROGRESS: CallProgress = Object.freeze({ report: ignore, finish: ignore });

/**
 * The progress channel of one call to `onProgress`. A report reaches the host only when its
 * `progress` is a finite number ≥ 0, larger than the last one delivered (MCP requires progress to
 * grow), and its `total`, if given, is a finite number ≥ 0; a `message` that is not a string is
 * left out and a longer one is cut to {@link MAX_PROGRESS_MESSAGE_CHARS}. The host gets a fresh,
 * frozen object with those three fields only. Reports after {@link CallProgress.finish} are
 * dropped (a tool that goes on after its timeout says nothing more), and whatever the host's
 * callback throws or rejects with is swallowed. Without `onProgress` this is {@link SILENT_PROGRESS}.
 */
export function createCallProgress(onProgress: ((update: ToolProgress) => unknown) | undefined): CallProgress {
  if (onProgress === undefined) return SILENT_PROGRESS;
  let last = -1;
  let finished = false;
  return {
    report: (update) => {
      if (finished) return;
      const checked = checkProgress(update, last);
      if (checked === undefined) return;
      last = checked.progress;
      deliver(onProgress, checked);
    },
    finish: () => {
      finished = true;
    },
  };
}

/** The update as the host may see it, or `undefined` when it must be dropped. */
function checkProgress(update: unknown, last: number): ToolProgress | undefined {
  try {
    if (typeof update !== 'object' || update === null) return undefined;
    const { progress, total, message } = update as Record<string, unknown>;
    if (!isAmount(progress) || progress <= last) return undefined;
    if (total !== undefined && !isAmount(total)) return undefined;
    return Object.freeze({
      progress,
      ...(total === undefined ? {} : { total }),
      ...(typeof message === 'string' ? { message: cutText(message, MAX_PROGRESS_MESSAGE_CHARS).text } : {}),
    });
  } catch {
    // A getter that throws (a proxy, a class with accessors) makes the update unreadable.
    return undefined;
  }
}

function isAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

/** Hands the update to the host; a throw or a rejected promise of its callback changes nothing. */
function deliver(onProgress: (update: ToolProgress) => unknown, update: ToolProgress): void {
  callListener(onProgress, update);
}
