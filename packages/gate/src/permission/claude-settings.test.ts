// RU-3: Claude Code settings files read as the gate's rules and the sandbox's options — a settings
// file as a team commits one, then each way a file can be wrong, and each setting that has no
// counterpart here, which must be reported and never widen what runs.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createToolUse, SafetyLevel, ToolwrightError } from '@toolwright/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandTool, ScriptedTool } from '../../test/test-tools.js';
import { ToolGate } from '../tool-gate.js';
import { permissionsFromClaudeSettings } from './claude-settings.js';
import type { PermissionConfig } from './permission-config.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolwright-claude-settings-')));
const project = join(root, 'work/shop');
const home = join(root, 'home');
let savedHome: string | undefined;
let savedConfigDir: string | undefined;

beforeAll(() => {
  mkdirSync(join(project, '.claude'), { recursive: true });
  mkdirSync(join(project, 'src/generated'), { recursive: true });
  mkdirSync(join(root, 'work/shared-lib'), { recursive: true });
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(join(home, 'notes'), { recursive: true });
  mkdirSync(join(root, 'bad'), { recursive: true });
  savedHome = process.env.HOME;
  savedConfigDir = process.env.CLAUDE_CONFIG_DIR;
  process.env.HOME = home;
  delete process.env.CLAUDE_CONFIG_DIR;
});

afterAll(() => {
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
  if (savedConfigDir !== undefined) process.env.CLAUDE_CONFIG_DIR = savedConfigDir;
  rmSync(root, { recursive: true, force: true });
});

/** Writes `content` (JSON unless a string) at `path` below the temporary folder, and returns the path. */
function settingsFile(path: string, content: unknown): string {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

/** A settings file with this `permissions` block, read with the project as the working directory. */
function readPermissions(permissions: unknown) {
  return permissionsFromClaudeSettings(settingsFile('work/shop/.claude/settings.json', { permissions }), {
    cwd: project,
  });
}

/** The settings file of a team's web shop, as it would be committed to `.claude/settings.json`. */
const TEAM_SETTINGS = {
  $schema: 'https://json.schemastore.org/claude-code-settings.json',
  model: 'opus',
  env: { NODE_ENV: 'development' },
  permissions: {
    allow: [
      'Bash(npm run test *)',
      'Bash(npm run lint)',
      'Bash(git status)',
      'Bash(git diff:*)',
      'Bash(git log:*)',
      'Bash(ls:*)',
      'Read(./src/**)',
      'Read(/docs/**)',
      'Edit(/src/**)',
      'Read(package.json)',
      'WebFetch(domain:docs.npmjs.com)',
      'mcp__github__get_issue',
      'mcp__github__*',
    ],
    deny: [
      'Bash(git push:*)',
      'Bash(rm -rf:*)',
      'Bash(curl:*)',
      'Read(./.env)',
      'Read(./.env.*)',
      'Read(/secrets/**)',
      'Edit(/src/generated/**)',
      'Read(//etc/shadow)',
      'WebFetch(domain:paste.example)',
    ],
    ask: ['Bash(npm publish:*)', 'Bash(git commit:*)', 'Edit(/package.json)'],
    additionalDirectories: ['../shared-lib', '~/notes'],
    defaultMode: 'acceptEdits',
    disableBypassPermissionsMode: 'disable',
  },
  sandbox: {
    enabled: true,
    failIfUnavailable: true,
    excludedCommands: ['docker'],
    network: {
      allowedDomains: ['registry.npmjs.org', '*.github.com'],
      allowUnixSockets: ['/var/run/docker.sock'],
      allowLocalBinding: true,
      httpProxyPort: 8080,
    },
    filesystem: {
      allowWrite: ['//tmp/build', '~/.cache/npm', './out'],
      denyWrite: ['/config'],
      denyRead: ['~/.aws/credentials', '/secrets'],
    },
  },
  hooks: {
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'scripts/check-command.sh' }] }],
  },
};

const bash = commandTool('Bash');
const pathTool = (name: string, aliases: readonly string[] = [], tree = false): ScriptedTool =>
  new ScriptedTool({
    name,
    safety: name === 'Read' || tree ? SafetyLevel.READ_ONLY : SafetyLevel.WRITE,
    subject: tree
      ? { kind: 'PATH', parameter: 'path', fallback: '.', tree: true }
      : { kind: 'PATH', parameter: 'file_path' },
    permissionAliases: aliases,
  });
const tools = [bash, pathTool('Read'), pathTool('Edit'), pathTool('Write', ['Edit']), pathTool('Grep', ['Read'], true)];

/** The gate's verdict on one call, with the settings' rules, run in the project. */
function judgeWith(permissions: PermissionConfig) {
  const gate = new ToolGate({ tools, permissions, runOptions: { allowBash: true, allowWrite: true }, cwd: project });
  return (name: string, input: Record<string, unknown>) => gate.judge(createToolUse('c', name, input));
}

describe("Claude Code's settings files (SPEC RU-3)", () => {
  it('RU-3: a team settings file maps across: rules as written, /x rooted in the project, additional folders readable', () => {
    const settings = permissionsFromClaudeSettings(settingsFile('work/shop/.claude/settings.json', TEAM_SETTINGS), {
      cwd: project,
    });
    expect(settings.permissions).toEqual({
      allow: [
        'Bash(npm run test *)',
        'Bash(npm run lint)',
        'Bash(git status)',
        'Bash(git diff:*)',
        'Bash(git log:*)',
        'Bash(ls:*)',
        'Read(./src/**)',
        `Read(/${project}/docs/**)`,
        `Edit(/${project}/src/**)`,
        'Read(package.json)',
        'WebFetch(domain:docs.npmjs.com)',
        'mcp__github__get_issue',
        `Read(/${root}/work/shared-lib/**)`,
        `Read(/${home}/notes/**)`,
      ],
      deny: [
        'Bash(git push:*)',
        'Bash(rm -rf:*)',
        'Bash(curl:*)',
        'Read(./.env)',
        'Read(./.env.*)',
        `Read(/${project}/secrets/**)`,
        `Edit(/${project}/src/generated/**)`,
        'Read(//etc/shadow)',
        'WebFetch(domain:paste.example)',
      ],
      ask: ['Bash(npm publish:*)', 'Bash(git commit:*)', `Edit(/${project}/package.json)`],
    });
    expect(settings.sandbox).toEqual({
      required: true,
      writable: ['/tmp/build', join(home, '.cache/npm'), join(project, 'out')],
      readOnly: [join(project, 'config')],
      readDenied: [join(home, '.aws/credentials'), join(project, 'secrets')],
      allowedDomains: ['registry.npmjs.org', '*.github.com'],
      allowUnixSockets: false,
    });
    expect(settings.warnings).toEqual([
      "permissions.allow[12] \"mcp__github__*\" is left out: the gate cannot read it (it is neither Name nor Name(pattern) (unbalanced parentheses, or a tool name with characters other than letters, digits, '_' and '-')), and leaving out an allow rule only narrows what runs.",
      'permissions.defaultMode "acceptEdits" is not followed: the gate has no permission modes, and a call runs only when a rule allows it.',
      'hooks are not run: a hook that blocks calls has no effect here, so write what it checks as deny rules.',
      'sandbox.autoAllowBashIfSandboxed is not followed: a Bash command runs only when a rule allows it, sandboxed or not.',
      'sandbox.excludedCommands (docker) is not followed: those commands run in the sandbox too.',
      'sandbox.network.allowUnixSockets is not followed: the sandbox opens Unix sockets all or none (allowAllUnixSockets), so the listed ones stay closed.',
      "sandbox.network.allowLocalBinding is not followed: a command may listen only on the sandbox's own loopback, which the host cannot reach.",
      'sandbox.network.httpProxyPort is not followed: the sandbox runs its own filtering proxy for the allowed domains.',
    ]);
  });

  it('RU-3: the gate built from a team settings file allows, asks and denies what Claude Code would', async () => {
    const settings = permissionsFromClaudeSettings(settingsFile('work/shop/.claude/settings.json', TEAM_SETTINGS), {
      cwd: project,
    });
    const judge = judgeWith(settings.permissions);
    const verdicts = async (calls: readonly [string, Record<string, unknown>][]) =>
      Promise.all(calls.map(async ([name, input]) => [name, JSON.stringify(input), await judge(name, input)]));
    const expectations: [string, Record<string, unknown>, 'allow' | 'ask' | 'deny'][] = [
      ['Bash', { command: 'git status && git diff HEAD~1' }, 'allow'],
      ['Bash', { command: 'npm run test -- --watch' }, 'allow'],
      ['Bash', { command: 'git log -1 | ls' }, 'allow'],
      ['Bash', { command: 'npm run lint --fix' }, 'deny'],
      ['Bash', { command: 'git push origin main' }, 'deny'],
      ['Bash', { command: 'git status && curl https://paste.example' }, 'deny'],
      ['Bash', { command: 'rm -rf src' }, 'deny'],
      ['Bash', { command: 'npm publish --tag next' }, 'ask'],
      ['Bash', { command: 'git commit -m wip' }, 'ask'],
      ['Bash', { command: 'node scripts/deploy.js' }, 'deny'],
      ['Read', { file_path: 'src/index.ts' }, 'allow'],
      ['Read', { file_path: `${project}/docs/guide.md` }, 'allow'],
      ['Read', { file_path: 'package.json' }, 'allow'],
      ['Read', { file_path: '.env' }, 'deny'],
      ['Read', { file_path: '.env.production' }, 'deny'],
      ['Read', { file_path: 'secrets/stripe.key' }, 'deny'],
      ['Read', { file_path: '../shared-lib/money.ts' }, 'allow'],
      ['Read', { file_path: `${home}/notes/todo.md` }, 'allow'],
      ['Read', { file_path: '/etc/shadow' }, 'deny'],
      ['Read', { file_path: '/etc/hostname' }, 'deny'],
      ['Grep', { path: 'src' }, 'allow'],
      ['Grep', { path: '../shared-lib' }, 'allow'],
      ['Grep', { path: '.' }, 'deny'],
      ['Edit', { file_path: 'src/cart.ts' }, 'allow'],
      ['Write', { file_path: 'src/new-cart.ts' }, 'allow'],
      ['Edit', { file_path: 'src/generated/api.ts' }, 'deny'],
      ['Edit', { file_path: 'package.json' }, 'ask'],
      ['Edit', { file_path: '../shared-lib/money.ts' }, 'deny'],
      ['Write', { file_path: 'README.md' }, 'deny'],
    ];
    expect(await verdicts(expectations.map(([name, input]) => [name, input]))).toEqual(
      expectations.map(([name, input, verdict]) => [name, JSON.stringify(input), verdict]),
    );
  });

  it('RU-3: /x is rooted where Claude Code roots it: the project, the user settings folder, or the file folder', () => {
    const rule = { permissions: { allow: ['Read(/src/**)', 'Bash(/usr/bin/make)', 'Edit(//abs/x)', 'Glob(/a/*)'] } };
    const local = permissionsFromClaudeSettings(settingsFile('work/shop/.claude/settings.local.json', rule));
    const user = permissionsFromClaudeSettings(settingsFile('home/.claude/settings.json', rule));
    const other = permissionsFromClaudeSettings(settingsFile('ci/agent-settings.json', rule));
    const given = permissionsFromClaudeSettings(settingsFile('ci/agent-settings.json', rule), { root: '/srv/app' });
    expect([local, user, other, given].map((settings) => settings.permissions.allow)).toEqual([
      [`Read(/${project}/src/**)`, 'Bash(/usr/bin/make)', 'Edit(//abs/x)', `Glob(/${project}/a/*)`],
      [`Read(/${home}/.claude/src/**)`, 'Bash(/usr/bin/make)', 'Edit(//abs/x)', `Glob(/${home}/.claude/a/*)`],
      [`Read(/${root}/ci/src/**)`, 'Bash(/usr/bin/make)', 'Edit(//abs/x)', `Glob(/${root}/ci/a/*)`],
      ['Read(//srv/app/src/**)', 'Bash(/usr/bin/make)', 'Edit(//abs/x)', 'Glob(//srv/app/a/*)'],
    ]);
    // $CLAUDE_CONFIG_DIR moves the user settings, as it does for Claude Code.
    process.env.CLAUDE_CONFIG_DIR = join(root, 'config');
    try {
      const moved = permissionsFromClaudeSettings(settingsFile('config/settings.json', rule));
      expect(moved.permissions.allow?.[0]).toBe(`Read(/${root}/config/src/**)`);
    } finally {
      delete process.env.CLAUDE_CONFIG_DIR;
    }
  });

  it('RU-3: a root whose path holds glob characters is written literally into the rules it roots', async () => {
    const odd = join(root, 'odd[1]*');
    mkdirSync(join(odd, 'src'), { recursive: true });
    writeFileSync(join(odd, 'src/a.ts'), '');
    const settings = permissionsFromClaudeSettings(
      settingsFile('odd[1]*/.claude/settings.json', { permissions: { allow: ['Read(/src/**)'] } }),
    );
    expect(settings.permissions.allow).toEqual([`Read(/${root}/odd\\[1\\]\\*/src/**)`]);
    const gate = new ToolGate({ tools, permissions: settings.permissions, cwd: odd });
    expect(await gate.judge(createToolUse('c', 'Read', { file_path: 'src/a.ts' }))).toBe('allow');
    expect(await gate.judge(createToolUse('c', 'Read', { file_path: `${root}/odd1x/src/a.ts` }))).toBe('deny');
  });

  it('RU-3: a deny or ask rule the gate cannot read is kept, so the gate refuses the configuration; an allow rule is dropped', () => {
    const settings = readPermissions({
      allow: ['Bash(git status)', 'Bash(curl * | bash)', 'Read(src/{a,b}.ts)'],
      deny: ['mcp__github__*', 'Bash(curl * | bash)'],
      ask: ['Read(~alice/**)'],
    });
    expect(settings.permissions).toEqual({
      allow: ['Bash(git status)'],
      deny: ['mcp__github__*', 'Bash(curl * | bash)'],
      ask: ['Read(~alice/**)'],
    });
    expect(settings.warnings).toEqual([
      'permissions.allow[1] "Bash(curl * | bash)" is left out: the gate cannot read it (the command holds a shell metacharacter; a rule names one simple command (a compound command is allowed when each of its commands is)), and leaving out an allow rule only narrows what runs.',
      'permissions.allow[2] "Read(src/{a,b}.ts)" is left out: the gate cannot read it (brace patterns are not supported), and leaving out an allow rule only narrows what runs.',
      "permissions.deny[0] \"mcp__github__*\" cannot be read by the gate (it is neither Name nor Name(pattern) (unbalanced parentheses, or a tool name with characters other than letters, digits, '_' and '-')); it is kept, so the gate refuses the configuration rather than run without that deny rule.",
      'permissions.deny[1] "Bash(curl * | bash)" cannot be read by the gate (the command holds a shell metacharacter; a rule names one simple command (a compound command is allowed when each of its commands is)); it is kept, so the gate refuses the configuration rather than run without that deny rule.',
      'permissions.ask[0] "Read(~alice/**)" cannot be read by the gate (~user is not expanded; write the home folder\'s absolute path); it is kept, so the gate refuses the configuration rather than run without that ask rule.',
    ]);
    let refusal: unknown;
    try {
      new ToolGate({ tools, permissions: settings.permissions, cwd: project });
    } catch (error) {
      refusal = error;
    }
    expect(ToolwrightError.isInstance(refusal) && refusal.code).toBe('INVALID_PERMISSION_RULE');
    expect((refusal as Error).message).toContain("'mcp__github__*' is neither Name nor Name(pattern)");
    expect((refusal as Error).message).toContain("'Bash(curl * | bash)' cannot be interpreted");
    expect((refusal as Error).message).toContain("'Read(~alice/**)' cannot be interpreted");
  });

  it('RU-3: settings that would widen what runs are not followed, and each is named once', () => {
    const settings = permissionsFromClaudeSettings(
      settingsFile('work/shop/.claude/settings.local.json', {
        permissions: { defaultMode: 'bypassPermissions', allow: ['Bash'], autoApprove: true },
        sandbox: {
          enabled: false,
          autoAllowBashIfSandboxed: true,
          allowUnsandboxedCommands: true,
          enableWeakerNestedSandbox: true,
          filesystem: { allowRead: ['~/.ssh'], disabled: true, allowManagedReadPathsOnly: false },
          network: { allowAllUnixSockets: true, socksProxyPort: 1080, allowManagedDomainsOnly: true },
        },
      }),
    );
    expect(settings.permissions).toEqual({ allow: ['Bash'], deny: [], ask: [] });
    expect(settings.sandbox).toEqual({
      required: false,
      writable: [],
      readOnly: [],
      readDenied: [],
      allowedDomains: [],
      allowUnixSockets: true,
    });
    expect(settings.warnings).toEqual([
      'permissions.defaultMode "bypassPermissions" is not followed: the gate has no permission modes, and a call runs only when a rule allows it.',
      'permissions.autoApprove is not a setting the gate knows, so it is not followed.',
      'sandbox.enabled is false, but a settings file does not turn the sandbox off: commands are sandboxed wherever a sandbox is available, unless the host turns it off.',
      'sandbox.autoAllowBashIfSandboxed is not followed: a Bash command runs only when a rule allows it, sandboxed or not.',
      'sandbox.allowUnsandboxedCommands is not followed: no command runs outside the sandbox.',
      'sandbox.enableWeakerNestedSandbox is not a setting the sandbox knows, so it is not followed.',
      'sandbox.filesystem.allowRead is not followed: what denyRead and the Read deny rules hide stays hidden.',
      'sandbox.filesystem.disabled is not followed: the file system stays confined.',
      'sandbox.filesystem.allowManagedReadPathsOnly is not a setting the sandbox knows, so it is not followed.',
      'sandbox.network.socksProxyPort is not followed: the sandbox runs its own filtering proxy for the allowed domains.',
      'sandbox.network.allowManagedDomainsOnly is not a setting the sandbox knows, so it is not followed.',
    ]);
  });

  it('RU-3: what agrees with the gate needs no warning; an empty file or block gives empty lists', () => {
    const quiet = permissionsFromClaudeSettings(
      settingsFile('work/shop/.claude/settings.json', {
        permissions: { defaultMode: 'default', disableBypassPermissionsMode: 'disable', deny: ['Bash(rm:*)'] },
        sandbox: { enabled: true, autoAllowBashIfSandboxed: false, allowUnsandboxedCommands: false },
        hooks: {},
        statusLine: { type: 'command', command: 'echo hi' },
      }),
    );
    expect(quiet.warnings).toEqual([]);
    expect(quiet.permissions).toEqual({ allow: [], deny: ['Bash(rm:*)'], ask: [] });
    for (const content of ['', '  \n', '\uFEFF{}', '{}']) {
      expect(permissionsFromClaudeSettings(settingsFile('empty/settings.json', content))).toEqual({
        permissions: { allow: [], deny: [], ask: [] },
        warnings: [],
      });
    }
  });

  it('RU-3: additional directories become Read rules; one a rule cannot name is left out, saying so', () => {
    const settings = readPermissions({ additionalDirectories: ['/', '/data/set(1)', '', '~bob/x', '/srv/a*b/'] });
    expect(settings.permissions.allow).toEqual(['Read(//**)', 'Read(//srv/a\\*b/**)']);
    expect(settings.warnings).toEqual([
      'permissions.additionalDirectories[1] "/data/set(1)" is left out: a rule cannot name a folder with braces, parentheses or \'!\' in its path.',
      'permissions.additionalDirectories[2] is empty and left out.',
      'permissions.additionalDirectories[3] entry "~bob/x" is left out: another user\'s home folder is not expanded.',
    ]);
  });

  it('RU-3: a file that cannot be read, is not JSON, or holds a key of the wrong type is refused, naming the file and the key', () => {
    const refusal = (run: () => unknown): string => {
      try {
        run();
      } catch (error) {
        expect(ToolwrightError.isInstance(error) && error.code).toBe('INVALID_PERMISSION_RULE');
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    const file = (content: unknown) => settingsFile('bad/settings.json', content);
    const missing = join(root, 'bad/missing.json');
    expect(refusal(() => permissionsFromClaudeSettings(missing))).toBe(
      `The Claude Code settings file ${missing} cannot be read: ENOENT: no such file or directory, open '${missing}'.`,
    );
    expect(refusal(() => permissionsFromClaudeSettings(join(root, 'bad')))).toBe(
      `The Claude Code settings file ${join(root, 'bad')} cannot be read: it is not a regular file.`,
    );
    const large = file(`{"model": "${'x'.repeat(1_048_576)}"}`);
    expect(refusal(() => permissionsFromClaudeSettings(large))).toBe(
      `The Claude Code settings file ${large} cannot be read: it is larger than 1,048,576 bytes.`,
    );
    writeFileSync(join(root, 'bad/latin1.json'), Buffer.from([0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d]));
    expect(refusal(() => permissionsFromClaudeSettings(join(root, 'bad/latin1.json')))).toBe(
      `The Claude Code settings file ${join(root, 'bad/latin1.json')} cannot be read: it is not UTF-8 text.`,
    );
    expect(refusal(() => permissionsFromClaudeSettings(file('{"permissions": {"allow": ["Bash"],}}')))).toMatch(
      /^The Claude Code settings file .*\/bad\/settings\.json is not valid JSON: /,
    );
    const cases: [unknown, string][] = [
      [[], 'it must hold a JSON object, not a list'],
      ['"allow"', 'it must hold a JSON object, not a string'],
      [{ permissions: [] }, 'permissions must be an object, not a list'],
      [{ permissions: { allow: 'Bash' } }, 'permissions.allow must be a list of strings, not a string'],
      [{ permissions: { deny: ['Bash(rm:*)', 7] } }, 'permissions.deny[1] must be a string, not a number'],
      [{ permissions: { ask: null } }, 'permissions.ask must be a list of strings, not null'],
      [
        { permissions: { additionalDirectories: '/data' } },
        'permissions.additionalDirectories must be a list of strings, not a string',
      ],
      [{ permissions: { defaultMode: 1 } }, 'permissions.defaultMode must be a string, not a number'],
      [{ sandbox: true }, 'sandbox must be an object, not a boolean'],
      [{ sandbox: { enabled: 'yes' } }, 'sandbox.enabled must be true or false, not a string'],
      [{ sandbox: { excludedCommands: 'docker' } }, 'sandbox.excludedCommands must be a list of strings, not a string'],
      [
        { sandbox: { filesystem: { denyRead: [{}] } } },
        'sandbox.filesystem.denyRead[0] must be a string, not an object',
      ],
      [
        { sandbox: { network: { allowedDomains: 'x.com' } } },
        'sandbox.network.allowedDomains must be a list of strings, not a string',
      ],
      [
        { sandbox: { network: { allowAllUnixSockets: 1 } } },
        'sandbox.network.allowAllUnixSockets must be true or false, not a number',
      ],
    ];
    for (const [content, problem] of cases) {
      const path = file(typeof content === 'string' ? content : JSON.stringify(content));
      expect(refusal(() => permissionsFromClaudeSettings(path))).toBe(
        `The Claude Code settings file ${path} cannot be used: ${problem}.`,
      );
    }
  });

  it('RU-3: a FIFO is refused without waiting for a writer; a link to a settings file is read', () => {
    const fifo = join(root, 'bad/settings.fifo');
    const made = spawnMkfifo(fifo);
    if (made) {
      expect(() => permissionsFromClaudeSettings(fifo)).toThrow('cannot be read: it is not a regular file');
    }
    const target = settingsFile('dotfiles/claude-settings.json', { permissions: { allow: ['Bash(ls)'] } });
    symlinkSync(target, join(root, 'work/shop/.claude/linked.json'));
    expect(permissionsFromClaudeSettings(join(root, 'work/shop/.claude/linked.json')).permissions.allow).toEqual([
      'Bash(ls)',
    ]);
  });

  it('RU-3: an unreadable file is refused with the system error', () => {
    const locked = settingsFile('bad/locked.json', '{}');
    chmodSync(locked, 0o000);
    try {
      // Root reads any file; the refusal can only be seen as another user.
      if (process.getuid?.() !== 0)
        expect(() => permissionsFromClaudeSettings(locked)).toThrow(/cannot be read: EACCES: permission denied/);
    } finally {
      chmodSync(locked, 0o600);
    }
  });
});

/** Makes a FIFO with mkfifo(1); false where there is none. */
function spawnMkfifo(path: string): boolean {
  const made = spawnSync('mkfifo', [path]);
  return made.status === 0;
}
