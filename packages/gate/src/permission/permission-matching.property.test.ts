import { posix } from 'node:path';
import { isPathProblem, resolvePath } from '@toolwright/core/node';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolInput } from '@toolwright/core';
import { commandTool } from '../../test/test-tools.js';
import { compileCommandPattern, matchWords, type CommandPattern } from './command/command-pattern.js';
import { planCommand } from './command/parse-command.js';
import { PermissionChecker } from './permission-checker.js';
import { compilePathPattern, matchPath, type PathPattern } from './path-pattern.js';

const gitAny = compileCommandPattern('git *') as CommandPattern;
const tmpTree = compilePathPattern('/tmp/**') as PathPattern;
const segment = fc.oneof(
  fc.constantFrom('..', '.', '', 'tmp', 'etc', 'tmpfoo', '~', 'a b', '*'),
  fc.string({ maxLength: 6 }).filter((text) => !text.includes('/') && !text.includes('\0')),
);

const bash = commandTool('Bash');

/** Plain words: letters, digits and the punctuation of options and paths, sometimes 'git' itself or a look-alike. */
const plainWord = fc.oneof(
  fc.constantFrom('git', 'gitk', 'Git', 'git-lfs', 'status', '-c', '--', 'x', 'a/b', '.', 'rm'),
  fc.stringMatching(/^[A-Za-z0-9_./=:,+-]{1,8}$/),
);
const separator = fc.constantFrom(';', ' ; ', '&&', ' && ', '||', '|', ' | ', '\n', ' & ', '|&');

describe('permission matching (properties)', () => {
  it('RU-1: git * matches a simple command exactly when its first word is git, whatever follows', () => {
    const seen = { match: 0, 'no-match': 0 };
    fc.assert(
      fc.property(fc.array(plainWord, { minLength: 1, maxLength: 6 }), (words) => {
        const plan = planCommand(words.join(' '));
        if ('refused' in plan) return expect.fail(`${words.join(' ')}: ${plan.refused}`);
        expect(plan.commands).toHaveLength(1);
        const judged = matchWords(gitAny.tokens, plan.commands[0]!.words, 'written');
        const expected = words[0] === 'git' ? 'match' : 'no-match';
        seen[expected]++;
        expect(judged.judgement).toBe(expected);
      }),
      {
        numRuns: 1000,
        examples: [[['git']], [['git', 'status']], [['gitk']], [['git-lfs', 'x']], [['Git', 'status']]],
      },
    );
    expect(seen.match).toBeGreaterThan(0);
    expect(seen['no-match']).toBeGreaterThan(0);
  });

  it('RU-2: a denied command joined to anything, by any separator, on either side, denies the whole line', async () => {
    const checker = PermissionChecker.create({ allow: ['Bash'], deny: ['Bash(rm:*)'] }, [bash]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(plainWord, { maxLength: 3 }),
        separator,
        fc.constantFrom('rm -rf /', "'rm' x", '\\rm x', '/bin/rm x', 'env rm x', "bash -c 'rm x'", 'echo $(rm x)'),
        separator,
        fc.oneof(
          fc.array(plainWord, { maxLength: 3 }).map((words) => words.join(' ')),
          fc.string({ maxLength: 8 }),
        ),
        async (before, first, denied, second, after) => {
          const line = `${before.length === 0 ? 'true' : before.join(' ')}${first}${denied}${second}${after === '' ? 'true' : after}`;
          const decision = await checker.check(bash, ToolInput.of({ command: line }), '/work');
          expect(decision.allowed, line).toBe(false);
          expect(decision.decidedBy, line).toBe('deny');
        },
      ),
      { numRuns: 500 },
    );
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
