import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeRegularFile } from './write-regular-file.js';

const folder = mkdtempSync(join(tmpdir(), 'tw-write-regular-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The message `writeRegularFile` throws for `path`. */
function refusal(path: string): string {
  try {
    writeRegularFile(path, 'docs\n');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected writing ${path} to be refused`);
}

describe('writeRegularFile', () => {
  it('CL-1: creates a file, replaces a longer one whole, and writes through a link to a regular file', () => {
    writeRegularFile(join(folder, 'new.md'), 'fresh\n');
    expect(readFileSync(join(folder, 'new.md'), 'utf8')).toBe('fresh\n');
    writeFileSync(join(folder, 'old.md'), 'a much longer old text\n');
    symlinkSync(join(folder, 'old.md'), join(folder, 'link.md'));
    writeRegularFile(join(folder, 'link.md'), 'short\n');
    expect(readFileSync(join(folder, 'old.md'), 'utf8')).toBe('short\n');
  });

  it('CL-1: a FIFO nobody reads, a device or a folder is refused at once, never waited on, never written', () => {
    expect(spawnSync('mkfifo', [join(folder, 'fifo')]).status).toBe(0);
    expect(refusal(join(folder, 'fifo'))).toBe('it is a named pipe (FIFO) or a socket, not a regular file');
    expect(refusal('/dev/null')).toBe('it is a character device, not a regular file');
    expect(refusal(folder)).toBe(`EISDIR: illegal operation on a directory, open '${folder}'`);
  });
});
