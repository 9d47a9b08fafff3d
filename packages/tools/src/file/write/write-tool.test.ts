import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolContext, ToolInput, type ToolResult } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { WriteTool } from './write-tool.js';

const root = mkdtempSync(join(tmpdir(), 'tw-write-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const write = new WriteTool();
const run = (input: Record<string, unknown>, tool = write): Promise<ToolResult> =>
  tool.execute(ToolInput.of(input), createToolContext({ cwd: root }));

describe('Write', () => {
  it('BT-3: writes into a new nested folder, creating it, and reports the bytes written', async () => {
    const path = join(root, 'a/b/c/new.txt');
    const result = await run({ file_path: 'a/b/c/new.txt', content: 'héllo\n' });
    expect(result).toMatchObject({
      isError: false,
      content: `Wrote 7 bytes to ${path} (a new file; created the folder ${join(root, 'a')} and any below it).`,
      metadata: { path, bytesWritten: 7, created: true, createdFolder: join(root, 'a') },
    });
    expect(readFileSync(path, 'utf8')).toBe('héllo\n');
  });

  it('BT-3: replaces an existing file whole and says how big it was', async () => {
    const path = join(root, 'existing.txt');
    writeFileSync(path, 'old content that is longer\n');
    expect((await run({ file_path: path, content: 'new' })).content).toBe(
      `Wrote 3 bytes to ${path} (replacing the previous 27 bytes).`,
    );
    expect(readFileSync(path, 'utf8')).toBe('new');
  });

  it('BT-3: refuses a folder as file_path, and secret files', async () => {
    mkdirSync(join(root, 'folder'));
    expect(await run({ file_path: join(root, 'folder'), content: 'x' })).toMatchObject({
      isError: true,
      content: `${join(root, 'folder')} is a folder; Write needs a file path.`,
      metadata: { refused: 'directory' },
    });
    const result = await run({ file_path: join(root, 'deploy/.env.production'), content: 'TOKEN=1' });
    expect(result).toMatchObject({
      isError: true,
      content: `${join(root, 'deploy/.env.production')} is an environment file (.env.*); the file tools never read, change or list secret files. Ask the user for what you need from it.`,
      metadata: { refused: 'secret' },
    });
    expect(existsSync(join(root, 'deploy'))).toBe(false);
  });

  it('BT-3: a confined Write refuses to leave the workspace through a linked folder, and creates nothing', async () => {
    const workspace = join(root, 'ws');
    const outside = join(root, 'elsewhere');
    mkdirSync(workspace);
    mkdirSync(outside);
    symlinkSync(outside, join(workspace, 'linked'));
    const result = await run(
      { file_path: join(workspace, 'linked/new/file.txt'), content: 'x' },
      new WriteTool({ workspace }),
    );
    expect(result).toMatchObject({
      isError: true,
      content: `${join(workspace, 'linked/new/file.txt')} (really ${join(outside, 'new/file.txt')}) is outside the workspace ${workspace}. The file tools work only inside it: use a path under ${workspace}.`,
    });
    expect(existsSync(join(outside, 'new'))).toBe(false);
  });

  it('PO-6: the resource key is the absolute path (and the real path behind a link), relative ones against the call cwd; one that cannot be resolved claims every path', () => {
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'alias'));
    expect(write.resourceKeys(ToolInput.of({ file_path: `${root}//x/../out.txt`, content: '' }))).toEqual({
      writes: [join(root, 'out.txt')],
    });
    expect(write.resourceKeys(ToolInput.of({ file_path: join(root, 'alias/f.txt'), content: '' }))).toEqual({
      writes: [join(root, 'alias/f.txt'), join(root, 'real/f.txt')],
    });
    expect(write.resourceKeys(ToolInput.of({ file_path: 'alias/g.txt', content: '' }), root)).toEqual({
      writes: [join(root, 'alias/g.txt'), join(root, 'real/g.txt')],
    });
    expect(write.resourceKeys(ToolInput.of({ file_path: 'relative.txt', content: '' }))).toEqual({ writes: ['/'] });
    expect(write.resourceKeys(ToolInput.of({ content: '' }), root)).toEqual({ writes: ['/'] });
  });

  it('TC-10: Write is a destructive WRITE tool that runs beside calls on other files (its resource keys order calls on one file)', () => {
    expect([write.safety, write.concurrency]).toEqual([
      { level: 'WRITE', destructive: true, openWorld: false, idempotent: true },
      'PARALLEL',
    ]);
  });
});
