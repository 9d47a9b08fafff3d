import type { BackgroundRead, BackgroundStatus } from '../background-process.js';
import type { OutputRing } from './output-ring.js';

/** Where a background command is when it is read. */
export interface BackgroundState {
  readonly status: BackgroundStatus;
  readonly exitCode: number | null;
  readonly signal: string | null;
}

/**
 * One read of a background command's ring (SPEC BT-2): what is new, what was dropped and how
 * many bytes the text holds, with the command's state. Once it no longer runs, a trailing partial
 * character is returned too (its output has ended).
 */
export function readBackground(ring: OutputRing, state: BackgroundState): BackgroundRead {
  const { text, droppedBytes, bytes } = ring.read(state.status !== 'running');
  return { output: text, droppedBytes, outputBytes: bytes, ...state };
}
