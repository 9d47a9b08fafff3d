import { posix } from 'node:path';
import { isPathProblem, resolvePath } from '@toolwright/core/node';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileCommandPattern,
  judgeCommand,
  REFUSED_COMMAND_CHARACTERS,
  type CommandPattern,
} from './command/command-pattern.js';
import { compilePathPattern, matchPath, type PathPattern } from './path-pattern.js';

const gitPrefix = compileCommandPattern('git:*') as CommandPattern;
const tmpTree = compilePathPattern('/tmp/**') as PathPattern;
const segment = fc.oneof(
  fc.constantFrom('..', '.', '', 'tmp', 'etc', 'tmpfoo', '~', 'a b', '*'),
  fc.string({ maxLength: 6 }).filter((text) => !text.includes('/') && !text.includes('\0')),
);

/**
 * What `git:*` must answer, written from SPEC PM-3 alone: empty, padded (any white space, as `\s`
 * reads it) or tabbed commands and commands holding a refused character cannot be judged; otherwise
 * exactly `git` and `git <anything>` match.
 */
function expectedGitVerdict(text: string): 'match' | 'no-match' | 'unjudgeable' {
  if (text === '' || /^\s|\s$/.test(text) || text.includes('\t')) return 'unjudgeable';
  if ([';', '|', '&', '`', '$', '>', '<', '(', ')', '\n', '\r', '\0'].some((character) => text.includes(character)))
    return 'unjudgeable';
  return text === 'git' || text.startsWith('git ') ? 'match' : 'no-match';
}

/** Command lines near the word boundary: a git-like head, then anything (often nothing, often a plain word). */
const gitLikeCommand = fc
  .tuple(
    fc.constantFrom('git', 'git ', 'gitk', 'git-', 'gi', 'Git', ' git', 'git\t', 'git  ', 'agit', ''),
    fc.oneof(
      fc.constant(''),
      fc.constantFrom('status', 'log --oneline', 'k', '-lfs', ' ', ';rm', '&& ls', '\u00a0'),
      fc.string({ maxLength: 12 }),
    ),
  )
  .map(([head, rest]) => head + rest);

describe('permission matching (properties)', () => {
  it('PM-3: a command holding any refused character never matches an allow rule', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(...REFUSED_COMMAND_CHARACTERS),
        fc.string({ maxLength: 20 }),
        (before, refused, after) => {
          // Not "no-match" but "unjudgeable": allow rules never count it, deny and ask rules always fire.
          expect(judgeCommand(gitPrefix, `git ${before}${refused}${after}`)).toBe('unjudgeable');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('PM-3: git:* matches exactly git and git followed by a space, never another word', () => {
    const seen = { match: 0, 'no-match': 0, unjudgeable: 0 };
    fc.assert(
      fc.property(fc.oneof(gitLikeCommand, fc.string({ maxLength: 30 })), (text) => {
        const verdict = judgeCommand(gitPrefix, text);
        seen[verdict]++;
        expect(verdict).toBe(expectedGitVerdict(text));
      }),
      {
        numRuns: 1000,
        examples: [['git'], ['git status'], ['gitk'], ['git-lfs'], ['Git status'], [' git'], ['git '], ['git\tstatus']],
      },
    );
    // Every verdict occurred, so the matching side was checked, not only the refusals.
    expect(seen.match).toBeGreaterThan(0);
    expect(seen['no-match']).toBeGreaterThan(0);
    expect(seen.unjudgeable).toBeGreaterThan(0);
  });

  it('PM-4: whatever the segments, a subject matches /tmp/** only when its normalised path is under /tmp', () => {
    const seen = { under: 0, outside: 0 };
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 8 }),
        fc.constantFrom('/', '/tmp', '/tmp/work', '/etc'),
        (segments, cwd) => {
          const value = segments.join('/');
          const resolved = resolvePath(value, cwd);
          // An empty subject is refused (PM-5); every other such path is short and free of NUL, so it resolves.
          if (value === '') {
            expect(resolved).toEqual({ problem: 'The path is empty.' });
            return;
          }
          if (isPathProblem(resolved)) return expect.fail(`${value} against ${cwd}: ${JSON.stringify(resolved)}`);
          const normalised = posix.resolve(cwd, value);
          expect(resolved.path).toBe(normalised);
          const under = normalised.startsWith('/tmp/');
          seen[under ? 'under' : 'outside']++;
          expect(matchPath(tmpTree, resolved.path)).toBe(under);
        },
      ),
      {
        numRuns: 1000,
        examples: [
          [['a'], '/tmp'],
          [['..', 'etc', 'passwd'], '/tmp'],
          [[], '/tmp'],
        ],
      },
    );
    expect(seen.under).toBeGreaterThan(0);
    expect(seen.outside).toBeGreaterThan(0);
  });
});
