import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRegularFile } from './read-regular-file.js';

const folder = mkdtempSync(join(tmpdir(), 'tw-read-regular-'));
let server: Server;

beforeAll(async () => {
  expect(spawnSync('mkfifo', [join(folder, 'fifo')]).status).toBe(0);
  server = createServer();
  await new Promise<void>((resolve) => server.listen(join(folder, 'socket'), resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe('readRegularFile', () => {
  it('CL-4: reads a regular file, and one behind a symbolic link, whole when within the cap', () => {
    writeFileSync(join(folder, 'args.json'), '{"query":"cow"}');
    symlinkSync(join(folder, 'args.json'), join(folder, 'link.json'));
    for (const name of ['args.json', 'link.json']) {
      const read = readRegularFile(join(folder, name), 15);
      expect(read.ok && read.bytes.toString()).toBe('{"query":"cow"}');
    }
    writeFileSync(join(folder, 'empty.json'), '');
    const empty = readRegularFile(join(folder, 'empty.json'), 15);
    expect(empty.ok && empty.bytes.length).toBe(0);
  });

  it('CL-4: a file over the cap is refused after reading at most the cap and one byte more', () => {
    writeFileSync(join(folder, 'big.json'), 'x'.repeat(200_000));
    expect(readRegularFile(join(folder, 'big.json'), 199_999)).toEqual({
      ok: false,
      problem: 'too-large',
      reason: 'larger than 199,999 bytes',
    });
  });

  it.each([
    ['a FIFO, without waiting for a writer', 'fifo', 'a named pipe (FIFO), not a regular file'],
    ['a folder', '.', 'a folder, not a regular file'],
    ['a socket', 'socket', 'a socket or a device with nothing behind it, not a regular file'],
  ])('CL-4: %s is refused', (_name, name, reason) => {
    expect(readRegularFile(join(folder, name), 1_000)).toEqual({ ok: false, problem: 'not-regular', reason });
  });

  it('CL-4: a device is refused without reading from it: /dev/zero, /dev/null, a link to /dev/zero', () => {
    symlinkSync('/dev/zero', join(folder, 'zero-link'));
    for (const path of ['/dev/zero', '/dev/null', join(folder, 'zero-link')]) {
      expect(readRegularFile(path, 1_000)).toEqual({
        ok: false,
        problem: 'not-regular',
        reason: 'a character device, not a regular file',
      });
    }
  });

  it('CL-4: a missing or unreadable file gives the error of the open, with its code', () => {
    expect(readRegularFile(join(folder, 'missing.json'), 1_000)).toEqual({
      ok: false,
      problem: 'unreadable',
      reason: `ENOENT: no such file or directory, open '${join(folder, 'missing.json')}'`,
      code: 'ENOENT',
    });
    mkdirSync(join(folder, 'sub'));
    expect(readRegularFile(join(folder, 'sub', 'x', 'y'), 1_000)).toMatchObject({
      problem: 'unreadable',
      code: 'ENOENT',
    });
  });
});
