import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbstractTool, SafetyLevel, ToolInput, ToolwrightError, type AbstractToolDefinition } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Approver, PermissionConfig } from './permission-config.js';
import { PermissionChecker } from './permission-checker.js';

class TestTool extends AbstractTool {
  constructor(definition: Partial<AbstractToolDefinition> & { name: string }) {
    super({
      description: `The ${definition.name} test tool`,
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', additionalProperties: false },
      ...definition,
    });
  }
  protected run(): string {
    return 'ran';
  }
}

class BrowserTool extends TestTool {
  constructor() {
    super({ name: 'Browser' });
  }
  /** `action:url` rules, e.g. Browser(open:https://example.com/*). */
  matchesPermissionPattern(pattern: string, input: ToolInput): boolean {
    const [action, url] = [input.getString('action', ''), input.getString('url', '')];
    const [patternAction, patternUrl] = [
      pattern.slice(0, pattern.indexOf(':')),
      pattern.slice(pattern.indexOf(':') + 1),
    ];
    if (patternAction !== action) return false;
    return patternUrl.endsWith('*') ? url.startsWith(patternUrl.slice(0, -1)) : url === patternUrl;
  }
}

const bash = new TestTool({ name: 'Bash', subject: { kind: 'COMMAND', parameter: 'command' } });
const read = new TestTool({ name: 'Read', subject: { kind: 'PATH', parameter: 'file_path' } });
const notes = new TestTool({ name: 'Notes' });
const browser = new BrowserTool();
const tools = [bash, read, notes, browser];

// A real folder with a real symlink that points outside it.
const root = mkdtempSync(join(tmpdir(), 'toolwright-permissions-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const allowed = join(root, 'allowed');
const secrets = join(root, 'secrets');
mkdirSync(allowed);
mkdirSync(secrets);
writeFileSync(join(allowed, 'notes.txt'), 'fine');
writeFileSync(join(secrets, 'key.pem'), 'secret');
symlinkSync(secrets, join(allowed, 'escape'));
symlinkSync(join(allowed, 'notes.txt'), join(allowed, 'inner-link'));

interface Case {
  readonly title: string;
  readonly config: PermissionConfig;
  readonly tool: TestTool;
  readonly input: Record<string, unknown>;
  readonly cwd?: string;
  readonly approver?: Approver;
  readonly allowed: boolean;
  /** The exact reason the decision gives, allowed or denied. */
  readonly reason: string;
}

const gitOnly = { allow: ['Bash(git:*)'] };
const tmpRead = { allow: ['Read(/tmp/**)'] };
const command = (value: string) => ({ command: value });
const file = (value: string) => ({ file_path: value });

const cases: Case[] = [
  // PM-3: COMMAND prefix, exact, word boundary
  {
    title: 'prefix rule matches the bare command',
    config: gitOnly,
    tool: bash,
    input: command('git'),
    allowed: true,
    reason: 'Allowed by Bash(git:*).',
  },
  {
    title: 'prefix rule matches the command with arguments',
    config: gitOnly,
    tool: bash,
    input: command('git status --short'),
    allowed: true,
    reason: 'Allowed by Bash(git:*).',
  },
  {
    title: 'prefix rule respects the word boundary (gitk)',
    config: gitOnly,
    tool: bash,
    input: command('gitk'),
    allowed: false,
    reason: "Permission denied: the Bash command 'gitk' matches no allow rule (Bash(git:*)).",
  },
  {
    title: 'prefix with spaces: git status:* matches git status -s',
    config: { allow: ['Bash(git status:*)'] },
    tool: bash,
    input: command('git status -s'),
    allowed: true,
    reason: 'Allowed by Bash(git status:*).',
  },
  {
    title: 'prefix with spaces does not match git stash',
    config: { allow: ['Bash(git status:*)'] },
    tool: bash,
    input: command('git stash'),
    allowed: false,
    reason: "Permission denied: the Bash command 'git stash' matches no allow rule (Bash(git status:*)).",
  },
  {
    title: 'exact rule matches exactly',
    config: { allow: ['Bash(git status)'] },
    tool: bash,
    input: command('git status'),
    allowed: true,
    reason: 'Allowed by Bash(git status).',
  },
  {
    title: 'exact rule refuses extra arguments',
    config: { allow: ['Bash(git status)'] },
    tool: bash,
    input: command('git status --short'),
    allowed: false,
    reason: "Permission denied: the Bash command 'git status --short' matches no allow rule (Bash(git status)).",
  },
  // RU-2: a line of several commands is split as bash splits it, and each command is judged on its own.
  ...(
    [
      [';', ';'],
      ['|', '|'],
      ['&', '&'],
      ['&&', '&&'],
      ['||', '||'],
      ['\n', '\\n'],
      [' | ', ' | '],
    ] as const
  ).map(([separator, shown]): Case => ({
    title: `RU-2: judges each command of a line split at ${JSON.stringify(separator)}`,
    config: gitOnly,
    tool: bash,
    input: command(`git status${separator}rm -rf /`),
    allowed: false,
    reason: `Permission denied: the Bash command 'git status${shown}rm -rf /': its command 'rm -rf /' matches no allow rule (Bash(git:*)). Each command of a compound command must be allowed on its own.`,
  })),
  ...(
    [
      ['`', 'the shell cannot read it as written: unterminated backtick (at character 11)'],
      ['(', "the shell cannot read it as written: unexpected token '(' (at character 11)"],
      [')', "the shell cannot read it as written: unexpected token ')' (at character 11)"],
      ['\r', 'it holds the control character U+000D, which bash and the gate could read differently'],
      ['\0', 'it holds the control character U+0000, which bash and the gate could read differently'],
    ] as const
  ).map(([character, why]): Case => ({
    title: `RU-2: refuses a line the parser cannot read, holding ${JSON.stringify(character)}`,
    config: gitOnly,
    tool: bash,
    input: command(`git status${character}rm -rf /`),
    allowed: false,
    reason: `Permission denied: the Bash command 'git status${JSON.stringify(character).slice(1, -1)}rm -rf /' cannot be judged: ${why}.`,
  })),
  {
    title: 'RU-2: judges the file a redirection writes as a Write of it',
    config: gitOnly,
    tool: bash,
    input: command('git status>rm -rf /'),
    allowed: false,
    reason:
      "Permission denied: the Bash command 'git status>rm -rf /' writes '/work/rm' through its redirection '>rm', and Write of that file is not allowed: Write is not in the allow list. Add Write or Write(pattern) to allow it.",
  },
  {
    title: 'RU-2: judges the file a redirection reads as a Read of it',
    config: gitOnly,
    tool: bash,
    input: command('git status<rm -rf /'),
    allowed: false,
    reason:
      "Permission denied: the Bash command 'git status<rm -rf /' reads '/work/rm' through its redirection '<rm', and Read of that file is not allowed: Read is not in the allow list. Add Read or Read(pattern) to allow it.",
  },
  {
    title: 'RU-2: a variable in the words of a program with program-running options is not covered',
    config: gitOnly,
    tool: bash,
    input: command('git status$rm -rf /'),
    allowed: false,
    reason:
      "Permission denied: the Bash command 'git status$rm -rf /' is not covered by Bash(git:*): git's option word 'status$rm' is a pattern the shell expands.",
  },
  {
    title: 'refuses an env-var prefix',
    config: gitOnly,
    tool: bash,
    input: command('FOO=1 git status'),
    allowed: false,
    reason: "Permission denied: the Bash command 'FOO=1 git status' matches no allow rule (Bash(git:*)).",
  },
  {
    title: 'refuses an absolute program path',
    config: gitOnly,
    tool: bash,
    input: command('/usr/bin/git status'),
    allowed: false,
    reason: "Permission denied: the Bash command '/usr/bin/git status' matches no allow rule (Bash(git:*)).",
  },
  {
    title: 'RU-2: reads leading whitespace as bash does',
    config: gitOnly,
    tool: bash,
    input: command(' git status'),
    allowed: true,
    reason: 'Allowed by Bash(git:*).',
  },
  {
    title: 'RU-2: reads trailing whitespace as bash does',
    config: gitOnly,
    tool: bash,
    input: command('git status '),
    allowed: true,
    reason: 'Allowed by Bash(git:*).',
  },
  {
    title: 'RU-2: reads a tab between words as bash does',
    config: gitOnly,
    tool: bash,
    input: command('git\tstatus'),
    allowed: true,
    reason: 'Allowed by Bash(git:*).',
  },
  {
    title: 'refuses an empty command',
    config: gitOnly,
    tool: bash,
    input: command(''),
    allowed: false,
    reason: 'Permission denied: this Bash call has an empty command, which no pattern matches.',
  },
  {
    title: 'refuses a missing command (empty subject)',
    config: gitOnly,
    tool: bash,
    input: {},
    allowed: false,
    reason: 'Permission denied: this Bash call has an empty command, which no pattern matches.',
  },
  // PM-1: names, precedence, default deny
  {
    title: 'tool names are case-sensitive',
    config: { allow: ['bash'] },
    tool: bash,
    input: command('ls'),
    allowed: false,
    reason: 'Permission denied: Bash is not in the allow list. Add Bash or Bash(pattern) to allow it.',
  },
  {
    title: 'PM-5: a bare Name allows every call',
    config: { allow: ['Bash'] },
    tool: bash,
    input: command('rm -rf / ; echo'),
    allowed: true,
    reason: 'Allowed by Bash.',
  },
  {
    title: 'deny beats allow',
    config: { allow: ['Bash(git:*)'], deny: ['Bash(git push:*)'] },
    tool: bash,
    input: command('git push --force'),
    allowed: false,
    reason: "Permission denied: the Bash command 'git push --force' matches the deny rule Bash(git push:*).",
  },
  {
    title: 'deny leaves other allowed calls alone',
    config: { allow: ['Bash(git:*)'], deny: ['Bash(git push:*)'] },
    tool: bash,
    input: command('git pull'),
    allowed: true,
    reason: 'Allowed by Bash(git:*).',
  },
  {
    title: 'a deny rule fires on a command it cannot judge (fail closed)',
    config: { allow: ['Bash'], deny: ['Bash(rm:*)'] },
    tool: bash,
    input: command('rm -rf / ; true'),
    allowed: false,
    reason:
      "Permission denied: the Bash command 'rm -rf / ; true': its command 'rm -rf /' matches the deny rule Bash(rm:*).",
  },
  {
    title: 'ask without an approver denies',
    config: { allow: ['Bash'], ask: ['Bash(npm publish:*)'] },
    tool: bash,
    input: command('npm publish'),
    allowed: false,
    reason:
      "Permission denied: the Bash command 'npm publish' needs approval (Bash(npm publish:*)), and no approver is configured.",
  },
  {
    title: 'ask with an approving approver allows',
    config: { ask: ['Bash(npm publish:*)'] },
    tool: bash,
    input: command('npm publish'),
    approver: () => true,
    allowed: true,
    reason: 'Approved under Bash(npm publish:*).',
  },
  {
    title: 'ask with a declining approver denies',
    config: { ask: ['Bash(npm publish:*)'] },
    tool: bash,
    input: command('npm publish'),
    approver: async () => false,
    allowed: false,
    reason: "Permission denied: the Bash command 'npm publish' was not approved (Bash(npm publish:*)).",
  },
  {
    title: 'an approver that throws denies',
    config: { ask: ['Bash(npm publish:*)'] },
    tool: bash,
    input: command('npm publish'),
    approver: () => {
      throw new Error('approver crashed');
    },
    allowed: false,
    reason: "Permission denied: the Bash command 'npm publish' was not approved (Bash(npm publish:*)).",
  },
  {
    title: 'deny beats ask',
    config: { ask: ['Bash(git:*)'], deny: ['Bash(git:*)'] },
    tool: bash,
    input: command('git log'),
    approver: () => true,
    allowed: false,
    reason: "Permission denied: the Bash command 'git log' matches the deny rule Bash(git:*).",
  },
  // PM-4: PATH
  {
    title: 'path under the folder is allowed',
    config: tmpRead,
    tool: read,
    input: file('/tmp/a/b.txt'),
    allowed: true,
    reason: 'Allowed by Read(/tmp/**).',
  },
  {
    title: '/tmp/../etc/passwd is normalised and refused',
    config: tmpRead,
    tool: read,
    input: file('/tmp/../etc/passwd'),
    allowed: false,
    reason: "Permission denied: Read of '/etc/passwd' matches no allow rule (Read(/tmp/**)).",
  },
  {
    title: '/tmpfoo/a is not under /tmp',
    config: tmpRead,
    tool: read,
    input: file('/tmpfoo/a'),
    allowed: false,
    reason: "Permission denied: Read of '/tmpfoo/a' matches no allow rule (Read(/tmp/**)).",
  },
  {
    title: '/tmp itself is not matched by /tmp/**',
    config: tmpRead,
    tool: read,
    input: file('/tmp'),
    allowed: false,
    reason: "Permission denied: Read of '/tmp' matches no allow rule (Read(/tmp/**)).",
  },
  {
    title: '/tmp itself is matched by Read(/tmp)',
    config: { allow: ['Read(/tmp)'] },
    tool: read,
    input: file('/tmp'),
    allowed: true,
    reason: 'Allowed by Read(/tmp).',
  },
  {
    title: 'double slashes collapse',
    config: tmpRead,
    tool: read,
    input: file('//tmp//a.txt'),
    allowed: true,
    reason: 'Allowed by Read(/tmp/**).',
  },
  {
    title: 'dotfiles are matched by **',
    config: tmpRead,
    tool: read,
    input: file('/tmp/.env'),
    allowed: true,
    reason: 'Allowed by Read(/tmp/**).',
  },
  {
    title: 'a single * does not cross folders',
    config: { allow: ['Read(/tmp/*)'] },
    tool: read,
    input: file('/tmp/a/b'),
    allowed: false,
    reason: "Permission denied: Read of '/tmp/a/b' matches no allow rule (Read(/tmp/*)).",
  },
  {
    title: 'path patterns are case-sensitive',
    config: tmpRead,
    tool: read,
    input: file('/TMP/a'),
    allowed: false,
    reason: "Permission denied: Read of '/TMP/a' matches no allow rule (Read(/tmp/**)).",
  },
  {
    title: 'a relative subject resolves against the call cwd',
    config: tmpRead,
    tool: read,
    input: file('a/b.txt'),
    cwd: '/tmp/work',
    allowed: true,
    reason: 'Allowed by Read(/tmp/**).',
  },
  {
    title: 'a relative subject escaping the cwd is refused',
    config: tmpRead,
    tool: read,
    input: file('../../etc/hosts'),
    cwd: '/tmp/work',
    allowed: false,
    reason: "Permission denied: Read of '/etc/hosts' matches no allow rule (Read(/tmp/**)).",
  },
  {
    title: 'an empty path is refused where a pattern is configured',
    config: tmpRead,
    tool: read,
    input: file(''),
    allowed: false,
    reason: 'Permission denied: this Read call has an empty path, which no pattern matches.',
  },
  {
    title: '~ is not expanded (it is a relative name)',
    config: { allow: ['Read(/home/**)'] },
    tool: read,
    input: file('~/notes'),
    cwd: '/tmp',
    allowed: false,
    reason: "Permission denied: Read of '/tmp/~/notes' matches no allow rule (Read(/home/**)).",
  },
  {
    title: '~ resolves under the cwd like any name',
    config: tmpRead,
    tool: read,
    input: file('~/notes'),
    cwd: '/tmp',
    allowed: true,
    reason: 'Allowed by Read(/tmp/**).',
  },
  {
    title: 'a file inside the allowed real folder is allowed',
    config: { allow: [`Read(${allowed}/**)`] },
    tool: read,
    input: file(join(allowed, 'notes.txt')),
    allowed: true,
    reason: `Allowed by Read(${allowed}/**).`,
  },
  {
    title: 'a symlink that stays inside is allowed',
    config: { allow: [`Read(${allowed}/**)`] },
    tool: read,
    input: file(join(allowed, 'inner-link')),
    allowed: true,
    reason: `Allowed by Read(${allowed}/**).`,
  },
  {
    title: 'a symlink inside the allowed folder pointing outside is refused',
    config: { allow: [`Read(${allowed}/**)`] },
    tool: read,
    input: file(join(allowed, 'escape', 'key.pem')),
    allowed: false,
    reason: `Permission denied: Read of '${join(allowed, 'escape', 'key.pem')}' (really '${join(secrets, 'key.pem')}') leaves what the allow rules cover (Read(${allowed}/**)) through a symbolic link.`,
  },
  {
    title: 'a new file under an escaping symlinked folder is refused too',
    config: { allow: [`Read(${allowed}/**)`] },
    tool: read,
    input: file(join(allowed, 'escape', 'new.txt')),
    allowed: false,
    reason: `Permission denied: Read of '${allowed}/escape/new.txt' (really '${secrets}/new.txt') leaves what the allow rules cover (Read(${allowed}/**)) through a symbolic link.`,
  },
  {
    title: 'link/.. follows the link, as the operating system does',
    config: { allow: [`Read(${allowed}/**)`] },
    tool: read,
    input: file(`${allowed}/escape/../secrets/key.pem`),
    allowed: false,
    reason: `Permission denied: Read of '${allowed}/secrets/key.pem' (really '${secrets}/key.pem') leaves what the allow rules cover (Read(${allowed}/**)) through a symbolic link.`,
  },
  {
    title: 'a deny rule fires on the real path',
    config: { allow: ['Read'], deny: [`Read(${secrets}/**)`] },
    tool: read,
    input: file(join(allowed, 'escape', 'key.pem')),
    allowed: false,
    reason: `Permission denied: Read of '${allowed}/escape/key.pem' (really '${secrets}/key.pem') matches the deny rule Read(${secrets}/**).`,
  },
  {
    title: 'a deny rule fires on the lexical path',
    config: { allow: ['Read'], deny: ['Read(/etc/**)'] },
    tool: read,
    input: file('/etc/shadow'),
    allowed: false,
    reason: "Permission denied: Read of '/etc/shadow' matches the deny rule Read(/etc/**).",
  },
  // PM-5: no subject
  {
    title: 'a tool without a subject listed only with a pattern is denied (the old fail-open)',
    config: { allow: ['Notes(/tmp/**)'] },
    tool: notes,
    input: {},
    allowed: false,
    reason:
      'Permission denied: Notes is allowed only with a pattern (Notes(/tmp/**)), but it exposes nothing to match the pattern against.',
  },
  {
    title: 'a tool without a subject listed by name is allowed',
    config: { allow: ['Notes'] },
    tool: notes,
    input: {},
    allowed: true,
    reason: 'Allowed by Notes.',
  },
  // PM-2: custom rules
  {
    title: 'a custom rule matches',
    config: { allow: ['Browser(open:https://example.com/*)'] },
    tool: browser,
    input: { action: 'open', url: 'https://example.com/a' },
    allowed: true,
    reason: 'Allowed by Browser(open:https://example.com/*).',
  },
  {
    title: 'a custom rule refuses another action',
    config: { allow: ['Browser(open:https://example.com/*)'] },
    tool: browser,
    input: { action: 'click', url: 'https://example.com/a' },
    allowed: false,
    reason: 'Permission denied: this Browser call matches no allow rule (Browser(open:https://example.com/*)).',
  },
];

describe('PermissionChecker', () => {
  /** The requirement a case covers: precedence and lists (PM-1), custom rules (PM-2), COMMAND (PM-3), PATH (PM-4), no subject (PM-5). */
  const requirement = (testCase: Case): string => {
    if (testCase.title.startsWith('PM-5')) return 'PM-5';
    if (testCase.tool === read) return 'PM-4';
    if (testCase.tool === notes) return 'PM-5';
    if (testCase.tool === browser) return 'PM-2';
    const lists = Object.keys(testCase.config);
    return lists.length > 1 || lists[0] !== 'allow' || testCase.title.includes('case-sensitive') ? 'PM-1' : 'PM-3';
  };

  it('PM-1 to PM-5: the case table allows and denies under every requirement, and titles are unique', () => {
    const covered = new Set(
      cases.map((testCase) => `${requirement(testCase)} ${testCase.allowed ? 'allows' : 'denies'}`),
    );
    expect([...covered].sort()).toEqual([
      'PM-1 allows',
      'PM-1 denies',
      'PM-2 allows',
      'PM-2 denies',
      'PM-3 allows',
      'PM-3 denies',
      'PM-4 allows',
      'PM-4 denies',
      'PM-5 allows',
      'PM-5 denies',
    ]);
    const titles = cases.map((testCase) => testCase.title);
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([]);
  });

  it.each(cases.map((testCase) => [requirement(testCase), testCase.title.replace(/^PM-5: /, ''), testCase] as const))(
    '%s: %s',
    async (_requirement, _title, testCase) => {
      const checker = PermissionChecker.create(testCase.config, tools);
      const decision = await checker.check(
        testCase.tool,
        ToolInput.of(testCase.input),
        testCase.cwd ?? '/work',
        testCase.approver,
      );
      expect(decision.allowed).toBe(testCase.allowed);
      expect(decision.reason).toBe(testCase.reason);
    },
  );

  const uninterpretable: [string, PermissionConfig, string][] = [
    [
      'Bash(git push;*)',
      { allow: ['Bash(git push;*)'] },
      "'Bash(git push;*)' cannot be interpreted: the command holds a shell metacharacter; a rule names one simple command (a compound command is allowed when each of its commands is) (Bash matches commands)",
    ],
    [
      'Bash(:*)',
      { allow: ['Bash(:*)'] },
      "'Bash(:*)' cannot be interpreted: a bare :* names no command (Bash matches commands)",
    ],
    [
      'Bash(git:* x)',
      { allow: ['Bash(git:* x)'] },
      "'Bash(git:* x)' cannot be interpreted: ':*' is a wildcard only at the end; write ' *' for any words elsewhere (Bash matches commands)",
    ],
    ['Bash()', { allow: ['Bash()'] }, "'Bash()' has an empty pattern; write Bash to allow every call"],
    [
      'Bash(git status',
      { allow: ['Bash(git status'] },
      "'Bash(git status' is neither Name nor Name(pattern) (unbalanced parentheses, or a tool name with characters other than letters, digits, '_' and '-')",
    ],
    ['Bash(git))', { allow: ['Bash(git))'] }, "'Bash(git))' has unbalanced parentheses"],
    [
      'Read(!/tmp/**) negated',
      { allow: ['Read(!/tmp/**)'] },
      "'Read(!/tmp/**)' cannot be interpreted: a path pattern cannot be negated (!) (Read matches paths)",
    ],
    [
      'Read(/tmp/{a,b}) brace',
      { allow: ['Read(/tmp/{a,b})'] },
      "'Read(/tmp/{a,b})' cannot be interpreted: brace patterns are not supported (Read matches paths)",
    ],
    [
      'Read(/tmp/+(a|b)) extglob',
      { allow: ['Read(/tmp/+(a|b))'] },
      "'Read(/tmp/+(a|b))' cannot be interpreted: extglob patterns are not supported (Read matches paths)",
    ],
    [
      'Read(../x/**) above the working directory',
      { allow: ['Read(../x/**)'] },
      "'Read(../x/**)' cannot be interpreted: a path pattern cannot hold '.' or '..' segments (Read matches paths)",
    ],
    [
      'Read(/tmp/../etc/**) with ..',
      { deny: ['Read(/tmp/../etc/**)'] },
      "'Read(/tmp/../etc/**)' cannot be interpreted: a path pattern cannot hold '.' or '..' segments (Read matches paths)",
    ],
    [
      'Read(~root/x) another user',
      { allow: ['Read(~root/x)'] },
      "'Read(~root/x)' cannot be interpreted: ~user is not expanded; write the home folder's absolute path (Read matches paths)",
    ],
  ];

  it.each(uninterpretable)('PM-1: refuses the whole configuration holding %s', (_title, config, problem) => {
    let error: unknown;
    try {
      PermissionChecker.create({ ...config, allow: [...(config.allow ?? []), 'Notes'] }, tools);
    } catch (caught) {
      error = caught;
    }
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect((error as ToolwrightError).code).toBe('INVALID_PERMISSION_RULE');
    expect((error as Error).message).toBe(`The permission configuration was refused as a whole:\n- ${problem}`);
  });

  it('PM-1: names every bad entry at once; an unknown tool must fit one of the two pattern kinds', () => {
    expect(() =>
      PermissionChecker.create({ allow: ["Later(!'a)", 'Later(git:*)', 'Bash(git:* x)'], deny: ['x y'] }, tools),
    ).toThrow(
      [
        'The permission configuration was refused as a whole:',
        "- 'x y' is neither Name nor Name(pattern) (unbalanced parentheses, or a tool name with characters other than letters, digits, '_' and '-')",
        "- 'Later(!'a)' cannot be interpreted: as a command pattern, the command cannot be read as the shell reads it: it leaves a single quote open; as a path pattern, a path pattern cannot be negated (!)",
        "- 'Bash(git:* x)' cannot be interpreted: ':*' is a wildcard only at the end; write ' *' for any words elsewhere (Bash matches commands)",
      ].join('\n'),
    );
  });

  it('PM-5: a subject the tool fails to produce makes pattern rules unjudgeable: allow fails, deny fires', async () => {
    class Throwing extends TestTool {
      constructor() {
        super({ name: 'Flaky' });
      }
      override permissionSubject(): never {
        throw new Error('no subject today');
      }
    }
    const flaky = new Throwing();
    expect(
      (await PermissionChecker.create({ allow: ['Flaky(/tmp/**)'] }, [flaky]).check(flaky, ToolInput.EMPTY, '/'))
        .allowed,
    ).toBe(false);
    expect(
      (
        await PermissionChecker.create({ allow: ['Flaky'], deny: ['Flaky(/x/**)'] }, [flaky]).check(
          flaky,
          ToolInput.EMPTY,
          '/',
        )
      ).allowed,
    ).toBe(false);
    expect(
      (await PermissionChecker.create({ allow: ['Flaky'] }, [flaky]).check(flaky, ToolInput.EMPTY, '/')).allowed,
    ).toBe(true);
  });

  it('PM-2: a tool offering both a subject and a custom rule is judged by its subject first', async () => {
    class Both extends BrowserTool {
      override permissionSubject(input: ToolInput) {
        return { kind: 'COMMAND' as const, value: input.getString('command', '') };
      }
    }
    const both = new Both();
    const checker = PermissionChecker.create({ allow: ['Browser(git:*)'] }, [both]);
    expect(
      (await checker.check(both, ToolInput.of({ command: 'git log', action: 'open', url: 'x' }), '/')).allowed,
    ).toBe(true);
    expect((await checker.check(both, ToolInput.of({ command: 'ls', action: 'git', url: 'x' }), '/')).allowed).toBe(
      false,
    );
  });

  it('PM-6: a decision carries the rule and the subject, and nothing about the schema', async () => {
    const decision = await PermissionChecker.create(gitOnly, tools).check(bash, ToolInput.of(command('git log')), '/');
    expect(decision).toEqual({
      allowed: true,
      decidedBy: 'allow',
      rule: 'Bash(git:*)',
      subject: { kind: 'COMMAND', value: 'git log' },
      reason: 'Allowed by Bash(git:*).',
    });
  });
});
