// RU-3 and RU-5 through the built binary: `call --settings` judged by a Claude Code settings file,
// and `toolwright rules explain`, whose output and exit codes are pinned exactly.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolwright } from '@toolwright/test-support/run-toolwright';

let work: string;

beforeAll(() => {
  work = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-cli-rules-')));
  mkdirSync(join(work, '.claude'));
  mkdirSync(join(work, 'src'));
  writeFileSync(join(work, 'src/app.ts'), 'export {};\n');
  writeFileSync(
    join(work, '.claude/settings.json'),
    JSON.stringify({
      permissions: {
        allow: ['Bash(echo *)', 'Bash(git status)', 'Read(/src/**)', 'mcp__github__*'],
        deny: ['Bash(rm:*)', 'Read(./.env)'],
        ask: ['Bash(npm publish:*)'],
        defaultMode: 'acceptEdits',
      },
    }),
  );
  writeFileSync(
    join(work, '.claude/settings.local.json'),
    JSON.stringify({ permissions: { allow: ['Bash(ls)'], deny: ['Bash(curl * | sh)'] } }),
  );
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the binary in the workspace. */
const run = (...args: string[]) => toolwright(args, work);
const bash = (command: string, ...flags: string[]) =>
  run('call', 'builtin', 'Bash', JSON.stringify({ command }), '--allow-bash', '--sandbox', 'off', ...flags);

const SETTINGS_WARNINGS = [
  "toolwright: .claude/settings.json: permissions.allow[3] \"mcp__github__*\" is left out: the gate cannot read it (it is neither Name nor Name(pattern) (unbalanced parentheses, or a tool name with characters other than letters, digits, '_' and '-')), and leaving out an allow rule only narrows what runs.",
  'toolwright: .claude/settings.json: permissions.defaultMode "acceptEdits" is not followed: the gate has no permission modes, and a call runs only when a rule allows it.',
];

describe('toolwright call --settings (SPEC RU-3)', () => {
  it('RU-3: the settings rules judge the call, beside the rule flags, and what is not followed is named on stderr', () => {
    expect(bash('echo hi', '--settings', '.claude/settings.json')).toEqual({
      status: 0,
      stdout: 'hi\n',
      stderr: `${SETTINGS_WARNINGS.join('\n')}\ntoolwright call: sandbox: none (--sandbox off)\n`,
    });
    expect(bash('rm -rf src', '--settings', '.claude/settings.json')).toMatchObject({
      status: 1,
      stdout: "Permission denied: the Bash command 'rm -rf src' matches the deny rule Bash(rm:*).\n",
    });
    expect(bash('pwd', '--settings', '.claude/settings.json', '--allow', 'Bash(pwd)')).toMatchObject({
      status: 0,
      stdout: `${work}\n`,
    });
    const read = run('call', 'builtin', 'Read', '{"file_path":"src/app.ts"}', '--settings', '.claude/settings.json');
    expect(read).toMatchObject({ status: 0, stdout: expect.stringContaining('export {};') });
  });

  it('RU-3: a deny rule the gate cannot read refuses the configuration; a file that cannot be used is a usage error', () => {
    const both = bash('ls', '--settings', '.claude/settings.json', '--settings', '.claude/settings.local.json');
    expect(both.status).toBe(2);
    expect(both.stderr).toContain(
      'toolwright: .claude/settings.local.json: permissions.deny[0] "Bash(curl * | sh)" cannot be read by the gate (the command holds a shell metacharacter; a rule names one simple command (a compound command is allowed when each of its commands is)); it is kept, so the gate refuses the configuration rather than run without that deny rule.\n',
    );
    expect(both.stderr).toContain(
      "toolwright call: The permission configuration was refused as a whole: - 'Bash(curl * | sh)'",
    );
    expect(both.stdout).toBe('');
    expect(bash('ls', '--settings', 'missing.json')).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: The Claude Code settings file ${join(work, 'missing.json')} cannot be read: ENOENT: no such file or directory, open '${join(work, 'missing.json')}'.\n`,
    });
  });
});

describe('toolwright rules explain (SPEC RU-5)', () => {
  it('RU-5: an allowed line lists each part with the rule that allowed it; exit 0', () => {
    expect(
      run(
        'rules',
        'explain',
        'Bash',
        '{"command":"git status && npm test > out.txt"}',
        '--allow',
        'Bash(git:*)',
        '--allow',
        'Bash(npm test)',
        '--allow',
        'Write(./out.txt)',
      ),
    ).toEqual({
      status: 0,
      stdout: [
        'Bash: allow',
        '  git status  allowed by Bash(git:*)',
        '  npm test    allowed by Bash(npm test)',
        '  > out.txt   allowed by Write(./out.txt)',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('RU-5: a denied line names the deciding rule and the sentence the model reads; exit 1', () => {
    expect(
      run(
        'rules',
        'explain',
        'Bash',
        '{"command":"git status && rm -rf build; cd src && node x.js"}',
        '--allow',
        'Bash(git:*)',
        '--deny',
        'Bash(rm:*)',
      ),
    ).toEqual({
      status: 1,
      stdout: [
        'Bash: deny (Bash(rm:*))',
        '  git status    allowed by Bash(git:*)',
        '  rm -rf build  denied by Bash(rm:*)',
        '  cd src        needs no rule: it changes the folder to one within the working directory',
        '  node x.js     not allowed: no allow rule matches it',
        "Reason: Permission denied: the Bash command 'git status && rm -rf build; cd src && node x.js': its command 'rm -rf build' matches the deny rule Bash(rm:*).",
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(
      run('rules', 'explain', 'Bash', '{"command":"echo hi > /etc/hosts"}', '--allow', 'Bash(echo *)').stdout,
    ).toBe(
      [
        'Bash: deny (no rule allows it)',
        '  echo hi       allowed by Bash(echo *)',
        '  > /etc/hosts  not allowed: Write is not in the allow list. Add Write or Write(pattern) to allow it.',
        "Reason: Permission denied: the Bash command 'echo hi > /etc/hosts' writes '/etc/hosts' through its redirection '> /etc/hosts', and Write of that file is not allowed: Write is not in the allow list. Add Write or Write(pattern) to allow it.",
        '',
      ].join('\n'),
    );
  });

  it('RU-5: an ask says ask, with its rule; exit 1, since nobody answers here', () => {
    expect(
      run('rules', 'explain', 'Bash', '{"command":"npm publish --tag next"}', '--settings', '.claude/settings.json'),
    ).toEqual({
      status: 1,
      stdout: [
        'Bash: ask (Bash(npm publish:*))',
        '  npm publish --tag next  needs approval: Bash(npm publish:*)',
        "Reason: Permission denied: the Bash command 'npm publish --tag next' needs approval (Bash(npm publish:*)), and no approver is configured.",
        '',
      ].join('\n'),
      stderr: `${SETTINGS_WARNINGS.join('\n')}\n`,
    });
  });

  it('RU-5: a file tool call is judged at its path in --cwd; --json is the whole explanation; arguments from a file', () => {
    writeFileSync(join(work, 'read-env.json'), '{"file_path":".env"}');
    const explained = run(
      'rules',
      'explain',
      'Read',
      '@read-env.json',
      '--deny',
      'Read(./.env)',
      '--allow',
      'Read(./**)',
      '--json',
    );
    expect(explained.status).toBe(1);
    expect(JSON.parse(explained.stdout)).toEqual({
      tool: 'Read',
      verdict: 'deny',
      rule: 'Read(./.env)',
      reason: `Permission denied: Read of '${work}/.env' matches the deny rule Read(./.env).`,
      parts: [
        {
          kind: 'subject',
          text: `${work}/.env`,
          verdict: 'deny',
          rule: 'Read(./.env)',
          reason: 'denied by Read(./.env)',
          decides: true,
        },
      ],
    });
    expect(
      run('rules', 'explain', 'Read', '{"file_path":"app.ts"}', '--allow', 'Read(./**)', '--cwd', 'src').stdout,
    ).toBe(`Read: allow\n  ${work}/src/app.ts  allowed by Read(./**)\n`);
  });

  it('RU-5: usage mistakes exit 2, and a bad rule is refused as the gate refuses it', () => {
    expect(run('rules')).toMatchObject({ status: 2, stderr: 'toolwright rules: rules takes a subcommand: explain\n' });
    expect(run('rules', 'judge', 'Bash', '{}')).toMatchObject({
      status: 2,
      stderr: 'toolwright rules: rules has no subcommand judge; it has: explain\n',
    });
    expect(run('rules', 'explain', 'Bash')).toMatchObject({ status: 2 });
    expect(run('rules', 'explain', 'Bash', '[1]')).toMatchObject({
      status: 2,
      stderr: 'toolwright rules: the arguments must be a JSON object\n',
    });
    expect(run('rules', 'explain', 'Bsh', '{}').stderr).toMatch(
      /^toolwright rules: builtin has no tool named Bsh; did you mean Bash\?/,
    );
    expect(run('rules', 'explain', 'Bash', '{"command":"ls"}', '--allow-bash').status).toBe(2);
    expect(run('rules', 'explain', 'Bash', '{"command":"ls"}', '--deny', 'Bash(a | b)')).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/^toolwright rules: The permission configuration was refused as a whole: /),
    });
    expect(run('rules', '--help').stdout).toMatch(
      /^Usage: toolwright rules explain <Tool> <json\|@file\|-> \[options\]\n/,
    );
  });
});
