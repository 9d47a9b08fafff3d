import { posix } from 'node:path';
import { isPathProblem, resolvePath } from '@toolwright/core/node';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileCommandPattern,
  judgeCommand,
  REFUSED_COMMAND_CHARACTERS,
  type CommandPattern,
} from './command-pattern.js';
import { compilePathPattern, matchPath, type PathPattern } from './path-pattern.js';

const gitPrefix = compileCommandPattern('git:*') as CommandPattern;
const tmpTree = compilePathPattern('/tmp/**') as PathPattern;
const segment = fc.oneof(
  fc.constantFrom('..', '.', '', 'tmp', 'etc', 'tmpfoo', '~', 'a b', '*'),
  fc.string({ maxLength: 6 }).filter((text) => !text.includes('/') && !text.includes('\0')),
);

describe('permission matching (properties)', () => {
  it('PM-3: a command holding any refused character never matches an allow rule', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...REFUSED_COMMAND_CHARACTERS),
        fc.string({ maxLength: 20 }),
        (before, refused, after) => {
          expect(judgeCommand(gitPrefix, `git ${before}${refused}${after}`)).not.toBe('match');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('PM-3: git:* matches exactly git and git followed by a space, never another word', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const verdict = judgeCommand(gitPrefix, text);
        if (verdict === 'match') expect(text === 'git' || text.startsWith('git ')).toBe(true);
        if (text.startsWith('gitk') || text.startsWith('git-')) expect(verdict).not.toBe('match');
      }),
      { numRuns: 1000 },
    );
  });

  it('PM-4: whatever the segments, a subject matches /tmp/** only when its normalised path is under /tmp', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 8 }),
        fc.constantFrom('/', '/tmp', '/tmp/work', '/etc'),
        (segments, cwd) => {
          const value = segments.join('/');
          const resolved = resolvePath(value, cwd);
          if (isPathProblem(resolved)) return;
          const normalised = posix.resolve(cwd, value);
          expect(resolved.path).toBe(normalised);
          expect(matchPath(tmpTree, resolved.path)).toBe(normalised.startsWith('/tmp/') && normalised !== '/tmp/');
        },
      ),
      { numRuns: 1000 },
    );
  });
});
