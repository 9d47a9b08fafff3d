import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolvePathSubject } from '@toolwright/gate';
import { afterAll, describe, expect, it } from 'vitest';
import { isInside, resolveToolPath } from './resolve-tool-path.js';

const root = mkdtempSync(join(tmpdir(), 'tw-resolve-'));
mkdirSync(join(root, 'real/deeper'), { recursive: true });
mkdirSync(join(root, 'other'));
writeFileSync(join(root, 'real/file.txt'), '');
symlinkSync(join(root, 'real/deeper'), join(root, 'link'));
symlinkSync(join(root, 'other'), join(root, 'real/out'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolveToolPath', () => {
  it('PM-4: resolves like the gate: relative against cwd, . .. // collapsed, ~ literal, the real path as the kernel sees it', () => {
    expect(resolveToolPath('file.txt', join(root, 'real'))).toEqual({
      path: join(root, 'real/file.txt'),
      realPath: join(root, 'real/file.txt'),
    });
    expect(resolveToolPath(`${root}//real/./../real/file.txt`, '/')).toEqual({
      path: join(root, 'real/file.txt'),
      realPath: join(root, 'real/file.txt'),
    });
    // `link/..` is lexically the root, but the kernel goes up from the link's target.
    expect(resolveToolPath('link/../file.txt', root)).toEqual({
      path: join(root, 'file.txt'),
      realPath: join(root, 'real/file.txt'),
    });
    expect(resolveToolPath('real/out/new/deep.txt', root)).toEqual({
      path: join(root, 'real/out/new/deep.txt'),
      realPath: join(root, 'other/new/deep.txt'),
    });
    expect(resolveToolPath('~/x', root)?.path).toBe(join(root, '~/x'));
    expect([resolveToolPath('', root), resolveToolPath('a\0b', root), resolveToolPath('a', 'relative/cwd')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("PM-4: gives the same path and real path as the gate's resolvePathSubject, case by case", () => {
    const cases: [string, string][] = [
      ['file.txt', join(root, 'real')],
      ['../real/./file.txt', join(root, 'other')],
      ['link/../file.txt', root],
      ['link/missing/../x', root],
      ['real/out/new/deep.txt', root],
      [`${root}/real//out/`, '/'],
      ['/', root],
      ['.', root],
    ];
    for (const [value, cwd] of cases) {
      expect(resolveToolPath(value, cwd), `${value} in ${cwd}`).toEqual(resolvePathSubject(value, cwd));
    }
  });

  it('BT-3: isInside takes a folder and what lies below it, not a sibling that shares a prefix', () => {
    expect([isInside('/ws', '/ws'), isInside('/ws/a', '/ws'), isInside('/ws2/a', '/ws'), isInside('/a', '/')]).toEqual([
      true,
      true,
      false,
      true,
    ]);
  });
});
