import fc from 'fast-check';
import { Minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { compilePathPattern, matchFolder, matchPath, type PathPattern } from './path-pattern.js';

const GLOB_OPTIONS = { nonegate: true, nocomment: true, nobrace: true, noext: true, dot: true, nocase: false } as const;

const name = fc.oneof(
  fc.constantFrom('ws', 'src', 'a', 'ab', 'a.b', '.env', '.', '..', '', '*', '**', '[a]', 'A', 'é', 'a\\*'),
  fc.string({ maxLength: 4 }).filter((text) => !text.includes('/') && !text.includes('\0')),
);
const patternText = fc
  .tuple(fc.array(name, { minLength: 0, maxLength: 4 }), fc.constantFrom('', '/**', '/*', '/**/x'))
  .map(([names, tail]) => `/${names.join('/')}${tail}`);
const pathText = fc.oneof(
  fc.array(name, { maxLength: 5 }).map((names) => `/${names.join('/')}`),
  fc.array(name, { maxLength: 5 }).map((names) => `/${names.join('/')}/`),
  fc.string({ maxLength: 12 }),
);

describe('path patterns (SPEC PM-4, PA-3)', () => {
  it('PM-4: plain and plain/** patterns answer exactly as minimatch does, for files and folders', () => {
    fc.assert(
      fc.property(patternText, fc.array(pathText, { minLength: 1, maxLength: 8 }), (text, paths) => {
        const pattern = compilePathPattern(text);
        fc.pre(!('problem' in pattern));
        const matcher = new Minimatch(text, GLOB_OPTIONS);
        for (const path of paths) {
          expect(matchPath(pattern, path)).toBe(matcher.match(path));
          expect(matchFolder(pattern, path)).toBe(matcher.match(path) || (path !== '/' && matcher.match(`${path}/`)));
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it('PM-4: a plain pattern and a tree pattern, on the paths where a string comparison could go wrong', () => {
    const plain = compilePathPattern('/ws/src') as PathPattern;
    const tree = compilePathPattern('/ws/**') as PathPattern;
    const root = compilePathPattern('/**') as PathPattern;
    const escaped = compilePathPattern('/ws/\\*') as PathPattern;
    const cases: readonly (readonly [string, boolean, boolean, boolean])[] = [
      // path, /ws/src, /ws/**, /**
      ['/ws/src', true, true, true],
      ['/ws/src/', true, true, true],
      ['/ws/srcx', false, true, true],
      ['/ws/src/x', false, true, true],
      ['/ws', false, false, true],
      ['/ws/', false, true, true],
      ['/wsx/a', false, false, true],
      ['/ws//src', true, true, true],
      ['/ws/./src', false, false, false],
      ['/ws/../ws/src', false, false, false],
      ['ws/src', false, false, false],
      ['/', false, false, true],
    ];
    for (const [path, inPlain, inTree, inRoot] of cases) {
      expect([path, matchPath(plain, path), matchPath(tree, path), matchPath(root, path)]).toEqual([
        path,
        inPlain,
        inTree,
        inRoot,
      ]);
    }
    expect([matchPath(escaped, '/ws/*'), matchPath(escaped, '/ws/a')]).toEqual([true, false]);
  });
});
