// The line a BoundedCapture puts between the head and the tail it kept, and the way back from a
// captured text to those parts — one home for the format, for the shells that write it and the
// tools that describe what a model was shown.

const ENCODER = new TextEncoder();
const LINE = /^\n\[… (\d+) bytes of output omitted …\]\n/;
const LINE_START = ENCODER.encode('\n[… ');

/** The line between the head and the tail of a cut capture: `\n[… 18 bytes of output omitted …]\n`. */
export function omissionLine(omittedBytes: number): string {
  return `\n[… ${omittedBytes} bytes of output omitted …]\n`;
}

/** The three parts of a stream's text as a cut `BoundedCapture` kept it. */
export interface CapturedParts {
  /** The first bytes the command printed, as text (cut on a character boundary). */
  readonly head: string;
  /** Bytes between the head and the tail that were counted, not kept. */
  readonly omittedBytes: number;
  /** The most recent bytes, as text, and anything a shell appended after the capture. */
  readonly tail: string;
}

/**
 * The head, the omitted count and the tail of `text` when it is what a `BoundedCapture` of
 * `maxBytes` made of a stream of `totalBytes` (more than it keeps); `undefined` when that stream
 * was kept whole or `text` does not have the capture's shape. The head is the first
 * `maxBytes - floor(maxBytes / 4)` bytes, less at most three for a character cut in two, so the
 * line can only start at one of four offsets: a line the command printed itself is never taken
 * for it.
 */
export function splitCapturedText(text: string, maxBytes: number, totalBytes: number): CapturedParts | undefined {
  if (!(totalBytes > maxBytes)) return undefined;
  const headLimit = maxBytes - Math.floor(maxBytes / 4);
  const bytes = ENCODER.encode(text);
  for (let start = Math.max(0, headLimit - 3); start <= headLimit; start++) {
    if (!LINE_START.every((byte, index) => bytes[start + index] === byte)) continue;
    const decoder = new TextDecoder('utf-8');
    const rest = decoder.decode(bytes.subarray(start));
    const line = LINE.exec(rest);
    if (line === null) continue;
    return {
      head: decoder.decode(bytes.subarray(0, start)),
      omittedBytes: Number(line[1]),
      tail: rest.slice(line[0].length),
    };
  }
  return undefined;
}
