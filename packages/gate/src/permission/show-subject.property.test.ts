import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizePermitPath, show } from './show-subject.js';

const segment = fc.oneof(
  fc.constantFrom('', '.', '..', '...', '.a', 'a.', 'a', 'é'),
  fc.string({ maxLength: 4 }).filter((text) => !text.includes('/')),
);

describe('permit paths (SPEC PM-4, PA-3)', () => {
  it('PM-4: an absolute path is normalised exactly as posix.resolve does; anything else is refused', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(segment, { maxLength: 6 }).map((segments) => `/${segments.join('/')}`),
          fc.string({ maxLength: 10 }),
        ),
        (path) => {
          const absolute = path.startsWith('/') && !path.includes('\0');
          expect(normalizePermitPath(path)).toBe(absolute ? posix.resolve(path) : undefined);
        },
      ),
      { numRuns: 5_000 },
    );
    expect([
      normalizePermitPath('/'),
      normalizePermitPath('/a/'),
      normalizePermitPath('/a/b/..'),
      normalizePermitPath(7),
    ]).toEqual(['/', '/a', '/a', undefined]);
  });
});

describe('subjects in messages', () => {
  it('PM-4: a subject cut at 200 characters never ends in half of a surrogate pair', () => {
    for (let shift = 0; shift < 6; shift++) {
      const shown = show(`${'a'.repeat(197 + shift)}😀😀`);
      expect(shown).toMatch(/^'a+(?:😀)*…'$/u);
    }
    expect(show('a'.repeat(199) + '😀')).toBe(`'${'a'.repeat(199)}…'`);
  });
});
