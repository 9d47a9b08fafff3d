import type { Readable } from 'node:stream';

/**
 * The text of a stream, read up to `maxBytes + 1` bytes: when more come, reading stops there and
 * the stream is let go, so the text is cut (its last character may be broken) and the caller,
 * seeing more than `maxBytes` bytes, knows it was too long. Nothing more is ever held in memory.
 */
export async function readBoundedStream(stream: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    const kept = bytes.subarray(0, maxBytes + 1 - total);
    chunks.push(kept);
    total += kept.length;
    // Leaving the loop destroys the stream: nothing more is read.
    if (total > maxBytes) break;
  }
  return Buffer.concat(chunks, total).toString('utf8');
}
