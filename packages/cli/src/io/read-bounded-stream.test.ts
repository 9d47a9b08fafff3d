import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBoundedStream } from './read-bounded-stream.js';

describe('readBoundedStream', () => {
  it('CL-4: reads a whole stream within the cap, in whatever chunks it comes', async () => {
    expect(await readBoundedStream(Readable.from([Buffer.from('{"a":'), '1}']), 7)).toBe('{"a":1}');
    expect(await readBoundedStream(Readable.from([]), 6)).toBe('');
  });

  it('CL-4: stops one byte past the cap, so the caller sees it was longer, and lets the stream go', async () => {
    const stream = Readable.from(['abc', 'def', 'ghi']);
    expect(await readBoundedStream(stream, 4)).toBe('abcde');
    expect(stream.destroyed).toBe(true);
  });

  it('CL-4: an endless stream (a child writing zeros forever) ends at the cap, and the writer is not waited for', async () => {
    const child = spawn('cat', ['/dev/zero'], { stdio: ['ignore', 'pipe', 'ignore'] });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const text = await readBoundedStream(child.stdout, 1_048_576);
    expect(Buffer.byteLength(text)).toBe(1_048_577);
    child.kill('SIGKILL');
    await exited;
  });
});
