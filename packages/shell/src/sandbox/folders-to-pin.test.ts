import { describe, expect, it } from 'vitest';
import { foldersToPin } from './folders-to-pin.js';

describe('foldersToPin', () => {
  it('SB-1: pins the folders above a guarded path from its writable root down, the outermost first', () => {
    expect(foldersToPin(['/Users/ada/project/.git/hooks'], ['/Users/ada/project'])).toEqual([
      '/Users/ada/project',
      '/Users/ada/project/.git',
    ]);
  });

  it('SB-1: pins each folder once, across guarded paths and writable roots', () => {
    expect(
      foldersToPin(['/w/a/.git/hooks', '/w/a/.git/config', '/w/a/.env', '/t/x/.env'], ['/w/a', '/t', '/elsewhere']),
    ).toEqual(['/w/a', '/w/a/.git', '/t', '/t/x']);
  });

  it('SB-1: pins nothing outside the writable roots (nothing there can be renamed)', () => {
    expect(foldersToPin(['/Users/ada/.ssh', '/Users/ada/project-old/.env'], ['/Users/ada/project'])).toEqual([]);
  });

  it('SB-1: a writable root of / pins every folder above, / included; / itself has none', () => {
    expect(foldersToPin(['/a/b/c'], ['/'])).toEqual(['/', '/a', '/a/b']);
    expect(foldersToPin(['/'], ['/'])).toEqual([]);
  });
});
