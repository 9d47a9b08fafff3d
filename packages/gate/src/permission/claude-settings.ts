/**
 * Claude Code's settings files (`.claude/settings.json`, `.claude/settings.local.json`,
 * `~/.claude/settings.json`) read as the gate's permission lists and its sandbox's options (SPEC
 * RU-3). The rule lists map across as written, but for one spelling: a path pattern that starts
 * with a single `/` is relative to the settings file's root there, absolute here, so it is rooted
 * (`Read(/src/**)` in `/work/.claude/settings.json` becomes `Read(//work/src/**)`). Whatever has no
 * counterpart here is named in a warning and left out, and leaving it out never widens access: an
 * allow rule the gate cannot read is dropped (that only narrows), a deny or ask rule it cannot read
 * is kept (so the gate refuses the configuration rather than run without it), and a setting that
 * would widen what runs (a permission mode, commands outside the sandbox) is not followed.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { homedir } from 'node:os';
import { posix } from 'node:path';
import { ToolwrightError } from '@toolwright/core';
import { isPlainObject } from '@toolwright/core/internal';
import { CompiledPatterns } from './compiled-patterns.js';
import type { PermissionConfig } from './permission-config.js';
import { parsePermissionRule, type RuleList } from './permission-rule.js';

/** What a Claude Code settings file says about access, as the gate and its sandbox take it. */
export interface ClaudeSettings {
  /** The `allow`, `deny` and `ask` lists, path patterns rooted, `additionalDirectories` added as Read allow rules. */
  readonly permissions: PermissionConfig;
  /** What the file's `sandbox` block gives the kernel sandbox of Bash commands; absent without one. */
  readonly sandbox?: ClaudeSandboxSettings;
  /** One sentence for each setting that has no counterpart here and was left out. */
  readonly warnings: string[];
}

/**
 * A settings file's `sandbox` block, as options of the kernel sandbox (SPEC SB-1, SB-2). It adds to
 * what the permission rules give the sandbox already (Write and Edit allow rules make folders
 * writable, Read deny rules hide paths, `WebFetch(domain:…)` opens the network): every path is
 * absolute.
 */
export interface ClaudeSandboxSettings {
  /** `failIfUnavailable: true`: where no sandbox can start, commands do not run (the CLI's `--sandbox required`). */
  readonly required: boolean;
  /** `filesystem.allowWrite`: folders commands may write besides the default ones (as `--allow-write-path`). */
  readonly writable: string[];
  /** `filesystem.denyWrite`: paths inside the writable folders that stay read-only (globs kept). */
  readonly readOnly: string[];
  /** `filesystem.denyRead`: paths commands can neither read nor list (globs kept). */
  readonly readDenied: string[];
  /** `network.allowedDomains`: the domains commands may reach over HTTP(S) (as `--allow-net`). */
  readonly allowedDomains: string[];
  /** `network.allowAllUnixSockets: true`: the host's Unix sockets are reachable. */
  readonly allowUnixSockets: boolean;
}

/** Where a settings file's relative forms are rooted. */
export interface ClaudeSettingsOptions {
  /**
   * The folder a path pattern's single leading `/` is relative to. Default, as Claude Code reads
   * the file: for `<project>/.claude/settings.json` (or `settings.local.json`) the project
   * `<project>`; for the user's `~/.claude/settings.json` (or `$CLAUDE_CONFIG_DIR/settings.json`)
   * that folder itself, `~/.claude`; for a file anywhere else, its own folder.
   */
  readonly root?: string;
  /**
   * The folder relative `additionalDirectories` and sandbox paths (`./out`, `out`) are resolved
   * against: the working directory Claude Code would run in. Default: the process's. Relative
   * rule patterns are kept relative, and the gate roots them in its own working directory.
   */
  readonly cwd?: string;
}

/** Settings files larger than this are refused: a real one is a few kilobytes. */
const MAX_SETTINGS_BYTES = 1_048_576;

/** Claude Code's tools whose rule patterns are paths, and the gate's (`Ls`): their `/x` patterns are rooted. */
const PATH_TOOLS: ReadonlySet<string> = new Set([
  'Read',
  'Write',
  'Edit',
  'MultiEdit',
  'NotebookEdit',
  'NotebookRead',
  'Glob',
  'Grep',
  'LS',
  'Ls',
]);

/** The keys of the `permissions` block the gate reads, or knows to agree with. */
const PERMISSION_KEYS: ReadonlySet<string> = new Set([
  'allow',
  'deny',
  'ask',
  'additionalDirectories',
  'defaultMode',
  'disableBypassPermissionsMode',
  'disableAutoMode',
]);

const SANDBOX_KEYS: ReadonlySet<string> = new Set([
  'enabled',
  'failIfUnavailable',
  'autoAllowBashIfSandboxed',
  'allowUnsandboxedCommands',
  'excludedCommands',
  'network',
  'filesystem',
]);

const LISTS: readonly RuleList[] = ['allow', 'deny', 'ask'];

/** Characters a path must not hold to be written into a rule's pattern as a literal folder. */
const UNWRITABLE_IN_PATTERN = /[{}()!\0]/;

/** Shared with the permission checker's load-time check: a rule the gate reads is one these compile. */
const patterns = new CompiledPatterns();

/**
 * Reads a Claude Code settings file (SPEC RU-3): its `permissions` block (`allow`, `deny`, `ask`,
 * `additionalDirectories`) as the gate's permission lists, and its `sandbox` block where it maps
 * onto the sandbox's options, with a warning for everything that does not. Throws a
 * `ToolwrightError` (`INVALID_PERMISSION_RULE`) naming the file, and the key where there is one,
 * for a file that cannot be read (missing, not a regular file, over 1 MiB, not UTF-8), is not JSON,
 * is not an object, or holds a key of the wrong type (`"allow": "Bash"`).
 */
export function permissionsFromClaudeSettings(file: string, options: ClaudeSettingsOptions = {}): ClaudeSettings {
  const path = posix.resolve(file);
  const settings = parseSettings(file, readSettingsFile(file, path));
  const context = new SettingsContext(file, options.root ?? settingsRoot(path), options.cwd ?? process.cwd());
  const permissions = readPermissions(context, settings.permissions);
  if (hasEntries(settings.hooks))
    context.warn(
      'hooks are not run: a hook that blocks calls has no effect here, so write what it checks as deny rules.',
    );
  const sandbox = Object.hasOwn(settings, 'sandbox') ? readSandbox(context, settings.sandbox) : undefined;
  return { permissions, ...(sandbox === undefined ? {} : { sandbox }), warnings: context.warnings };
}

/**
 * The folder a settings file's `/x` patterns are relative to, as Claude Code roots them: the
 * project for a file in its `.claude` folder, the user's configuration folder itself for the user
 * settings, and its own folder for any other file (`claude --settings <file>`).
 */
function settingsRoot(path: string): string {
  const folder = posix.dirname(path);
  const configured = process.env.CLAUDE_CONFIG_DIR;
  const userFolder = posix.resolve(
    configured === undefined || configured === '' ? posix.join(homedir(), '.claude') : configured,
  );
  if (folder === userFolder) return folder;
  return posix.basename(folder) === '.claude' ? posix.dirname(folder) : folder;
}

/** The file, what it is for messages, and the warnings so far. */
class SettingsContext {
  readonly warnings: string[] = [];

  constructor(
    readonly file: string,
    readonly root: string,
    readonly cwd: string,
  ) {}

  warn(sentence: string): void {
    this.warnings.push(sentence);
  }

  refuse(problem: string): never {
    throw new ToolwrightError('INVALID_PERMISSION_RULE', `The Claude Code settings file ${this.file} ${problem}.`);
  }

  /** A list of strings at `key`, or a refusal naming it. */
  strings(key: string, value: unknown): string[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) this.refuse(`cannot be used: ${key} must be a list of strings, not ${describe(value)}`);
    return value.map((entry: unknown, index) => {
      if (typeof entry !== 'string')
        this.refuse(`cannot be used: ${key}[${index}] must be a string, not ${describe(entry)}`);
      return entry;
    });
  }

  boolean(key: string, value: unknown): boolean | undefined {
    if (value === undefined || typeof value === 'boolean') return value;
    return this.refuse(`cannot be used: ${key} must be true or false, not ${describe(value)}`);
  }

  object(key: string, value: unknown): Record<string, unknown> {
    if (value === undefined) return {};
    if (!isPlainObject(value)) this.refuse(`cannot be used: ${key} must be an object, not ${describe(value)}`);
    return value;
  }

  /**
   * A sandbox path made absolute as Claude Code reads one: `//x` absolute, `/x` in the root, `~/x`
   * in the home folder, anything else in the working directory; `undefined` (with a warning) for
   * `~user/x`, which is not expanded.
   */
  absolutePath(key: string, written: string): string | undefined {
    if (written.startsWith('//')) return posix.resolve(written.slice(1));
    if (written.startsWith('/')) return posix.join(this.root, written);
    if (written === '~' || written.startsWith('~/')) return posix.join(homedir(), written.slice(1));
    if (written.startsWith('~')) {
      this.warn(`${key} entry ${JSON.stringify(written)} is left out: another user's home folder is not expanded.`);
      return undefined;
    }
    return posix.resolve(this.cwd, written);
  }
}

/** The file's bytes, at most {@link MAX_SETTINGS_BYTES}, from a regular file opened without blocking. */
function readSettingsFile(file: string, path: string): Buffer {
  const read = readBounded(path);
  if (typeof read === 'string')
    throw new ToolwrightError(
      'INVALID_PERMISSION_RULE',
      `The Claude Code settings file ${file} cannot be read: ${read}.`,
    );
  return read;
}

/**
 * The bytes of a regular file, or why it was not read: a FIFO or a device is refused without
 * waiting on it (the open does not block, and the type is checked on the descriptor), and no more
 * than one byte over the bound is ever read, whatever the file grows to.
 */
function readBounded(path: string): Buffer | string {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return (error as Error).message;
  }
  try {
    if (!fstatSync(descriptor).isFile()) return 'it is not a regular file';
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(65_536, MAX_SETTINGS_BYTES + 1 - total));
      const read = readSync(descriptor, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      total += read;
      if (total > MAX_SETTINGS_BYTES) return `it is larger than ${MAX_SETTINGS_BYTES.toLocaleString('en-US')} bytes`;
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    return (error as Error).message;
  } finally {
    closeSync(descriptor);
  }
}

/** The file's JSON object (an empty file is an empty one, as Claude Code reads it). */
function parseSettings(file: string, bytes: Buffer): Record<string, unknown> {
  const refuse = (why: string): never => {
    throw new ToolwrightError('INVALID_PERMISSION_RULE', `The Claude Code settings file ${file} ${why}.`);
  };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse('cannot be read: it is not UTF-8 text');
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return refuse(`is not valid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(value)) return refuse(`cannot be used: it must hold a JSON object, not ${describe(value)}`);
  return value;
}

/** The `permissions` block as the gate's lists. */
function readPermissions(context: SettingsContext, value: unknown): PermissionConfig {
  const block = context.object('permissions', value);
  const lists: Record<RuleList, string[]> = { allow: [], deny: [], ask: [] };
  for (const list of LISTS) {
    for (const [index, entry] of context.strings(`permissions.${list}`, block[list]).entries()) {
      const rule = rootedRule(context, entry, list, `permissions.${list}[${index}]`);
      if (rule !== undefined) lists[list].push(rule);
    }
  }
  for (const [index, folder] of context
    .strings('permissions.additionalDirectories', block.additionalDirectories)
    .entries()) {
    const rule = additionalDirectoryRule(context, folder, `permissions.additionalDirectories[${index}]`);
    if (rule !== undefined) lists.allow.push(rule);
  }
  const mode = block.defaultMode;
  if (mode !== undefined && typeof mode !== 'string')
    context.refuse(`cannot be used: permissions.defaultMode must be a string, not ${describe(mode)}`);
  if (mode !== undefined && mode !== 'default')
    context.warn(
      `permissions.defaultMode ${JSON.stringify(mode)} is not followed: the gate has no permission modes, and a call runs only when a rule allows it.`,
    );
  for (const key of ['disableBypassPermissionsMode', 'disableAutoMode']) {
    // `"disable"` is what the gate does anyway: it has no mode that bypasses the rules.
    const setting = block[key];
    if (setting !== undefined && setting !== 'disable')
      context.warn(
        `permissions.${key} ${JSON.stringify(setting)} is not understood: the gate has no such mode to enable.`,
      );
  }
  for (const key of Object.keys(block))
    if (!PERMISSION_KEYS.has(key))
      context.warn(`permissions.${key} is not a setting the gate knows, so it is not followed.`);
  return lists;
}

/**
 * One rule of a list, its path pattern rooted when it starts with a single `/`; an allow rule the
 * gate cannot read is dropped (with a warning), a deny or ask rule it cannot read is kept, so that
 * the gate refuses the configuration whole rather than run without it.
 */
function rootedRule(context: SettingsContext, entry: string, list: RuleList, key: string): string | undefined {
  const parsed = parsePermissionRule(entry, list);
  let rule = entry;
  if (!('problem' in parsed) && parsed.pattern !== undefined && PATH_TOOLS.has(parsed.toolName)) {
    const pattern = parsed.pattern;
    if (pattern.startsWith('/') && !pattern.startsWith('//'))
      rule = `${parsed.toolName}(/${literalPattern(context.root === '/' ? '' : context.root)}${pattern})`;
  }
  const problem = ruleProblem(rule, list);
  if (problem === undefined) return rule;
  const shown = JSON.stringify(entry);
  if (list === 'allow') {
    context.warn(
      `${key} ${shown} is left out: the gate cannot read it (${problem}), and leaving out an allow rule only narrows what runs.`,
    );
    return undefined;
  }
  context.warn(
    `${key} ${shown} cannot be read by the gate (${problem}); it is kept, so the gate refuses the configuration rather than run without that ${list} rule.`,
  );
  return rule;
}

/**
 * Why the gate would refuse a rule when it loads it, or `undefined`: what the permission checker
 * checks, for Claude Code's tools' subject kinds (Bash: commands; the file tools: paths; any other
 * tool: either).
 */
function ruleProblem(rule: string, list: RuleList): string | undefined {
  const parsed = parsePermissionRule(rule, list);
  if ('problem' in parsed) {
    const written = `'${rule}' `;
    return parsed.problem.startsWith(written) ? `it ${parsed.problem.slice(written.length)}` : parsed.problem;
  }
  if (parsed.pattern === undefined) return undefined;
  const kinds: readonly ('COMMAND' | 'PATH')[] =
    parsed.toolName === 'Bash' ? ['COMMAND'] : PATH_TOOLS.has(parsed.toolName) ? ['PATH'] : ['COMMAND', 'PATH'];
  const problems: string[] = [];
  for (const kind of kinds) {
    const compiled = patterns.get(parsed.pattern, kind);
    if (!('problem' in compiled)) return undefined;
    problems.push(kinds.length === 1 ? compiled.problem : `as a ${kind.toLowerCase()} pattern, ${compiled.problem}`);
  }
  return problems.join('; ');
}

/**
 * An additional directory as Claude Code treats one: its files are read like the working
 * directory's, so it becomes `Read(//<folder>/**)` (which Grep, Glob and Ls answer to as well).
 * Writing there still needs a Write or Edit rule, as in Claude Code's default mode.
 */
function additionalDirectoryRule(context: SettingsContext, written: string, key: string): string | undefined {
  if (written === '') {
    context.warn(`${key} is empty and left out.`);
    return undefined;
  }
  const folder = written.startsWith('~') ? context.absolutePath(key, written) : posix.resolve(context.cwd, written);
  if (folder === undefined) return undefined;
  if (UNWRITABLE_IN_PATTERN.test(folder)) {
    context.warn(
      `${key} ${JSON.stringify(written)} is left out: a rule cannot name a folder with braces, parentheses or '!' in its path.`,
    );
    return undefined;
  }
  return folder === '/' ? 'Read(//**)' : `Read(/${literalPattern(folder)}/**)`;
}

/** A path written into a glob so that it names itself: `*`, `?`, `[`, `]` and `\` escaped. */
function literalPattern(path: string): string {
  return path.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

/** The `sandbox` block as the sandbox's options; what would widen the sandbox is not followed, and said. */
function readSandbox(context: SettingsContext, value: unknown): ClaudeSandboxSettings {
  const block = context.object('sandbox', value);
  const enabled = context.boolean('sandbox.enabled', block.enabled);
  const required = context.boolean('sandbox.failIfUnavailable', block.failIfUnavailable) === true;
  if (enabled === false)
    context.warn(
      'sandbox.enabled is false, but a settings file does not turn the sandbox off: commands are sandboxed wherever a sandbox is available, unless the host turns it off.',
    );
  const autoAllow = context.boolean('sandbox.autoAllowBashIfSandboxed', block.autoAllowBashIfSandboxed);
  // Claude Code allows every sandboxed command unless this is false; the gate never does.
  if (autoAllow === true || (enabled === true && autoAllow === undefined))
    context.warn(
      'sandbox.autoAllowBashIfSandboxed is not followed: a Bash command runs only when a rule allows it, sandboxed or not.',
    );
  if (context.boolean('sandbox.allowUnsandboxedCommands', block.allowUnsandboxedCommands) === true)
    context.warn('sandbox.allowUnsandboxedCommands is not followed: no command runs outside the sandbox.');
  const excluded = context.strings('sandbox.excludedCommands', block.excludedCommands);
  if (excluded.length > 0)
    context.warn(
      `sandbox.excludedCommands (${excluded.join(', ')}) is not followed: those commands run in the sandbox too.`,
    );
  for (const key of Object.keys(block))
    if (!SANDBOX_KEYS.has(key))
      context.warn(`sandbox.${key} is not a setting the sandbox knows, so it is not followed.`);
  const filesystem = readFilesystem(context, block.filesystem);
  const network = readNetwork(context, block.network);
  return { required, ...filesystem, ...network };
}

function readFilesystem(
  context: SettingsContext,
  value: unknown,
): Pick<ClaudeSandboxSettings, 'writable' | 'readOnly' | 'readDenied'> {
  const block = context.object('sandbox.filesystem', value);
  const paths = (name: string): string[] =>
    context
      .strings(`sandbox.filesystem.${name}`, block[name])
      .flatMap((written) => context.absolutePath(`sandbox.filesystem.${name}`, written) ?? []);
  const writable = paths('allowWrite').filter((path) => {
    if (!/[*?[]/.test(path)) return true;
    context.warn(
      `sandbox.filesystem.allowWrite entry ${JSON.stringify(path)} is left out: a writable folder cannot be a glob.`,
    );
    return false;
  });
  const readOnly = paths('denyWrite');
  const readDenied = paths('denyRead');
  if (context.strings('sandbox.filesystem.allowRead', block.allowRead).length > 0)
    context.warn(
      'sandbox.filesystem.allowRead is not followed: what denyRead and the Read deny rules hide stays hidden.',
    );
  if (context.boolean('sandbox.filesystem.disabled', block.disabled) === true)
    context.warn('sandbox.filesystem.disabled is not followed: the file system stays confined.');
  for (const key of Object.keys(block))
    if (!['allowWrite', 'denyWrite', 'denyRead', 'allowRead', 'disabled'].includes(key))
      context.warn(`sandbox.filesystem.${key} is not a setting the sandbox knows, so it is not followed.`);
  return { writable, readOnly, readDenied };
}

function readNetwork(
  context: SettingsContext,
  value: unknown,
): Pick<ClaudeSandboxSettings, 'allowedDomains' | 'allowUnixSockets'> {
  const block = context.object('sandbox.network', value);
  const allowedDomains = context.strings('sandbox.network.allowedDomains', block.allowedDomains);
  const allowUnixSockets = context.boolean('sandbox.network.allowAllUnixSockets', block.allowAllUnixSockets) === true;
  if (context.strings('sandbox.network.allowUnixSockets', block.allowUnixSockets).length > 0 && !allowUnixSockets)
    context.warn(
      'sandbox.network.allowUnixSockets is not followed: the sandbox opens Unix sockets all or none (allowAllUnixSockets), so the listed ones stay closed.',
    );
  if (context.boolean('sandbox.network.allowLocalBinding', block.allowLocalBinding) === true)
    context.warn(
      "sandbox.network.allowLocalBinding is not followed: a command may listen only on the sandbox's own loopback, which the host cannot reach.",
    );
  for (const key of ['httpProxyPort', 'socksProxyPort'])
    if (block[key] !== undefined)
      context.warn(
        `sandbox.network.${key} is not followed: the sandbox runs its own filtering proxy for the allowed domains.`,
      );
  for (const key of Object.keys(block))
    if (
      ![
        'allowedDomains',
        'allowAllUnixSockets',
        'allowUnixSockets',
        'allowLocalBinding',
        'httpProxyPort',
        'socksProxyPort',
      ].includes(key)
    )
      context.warn(`sandbox.network.${key} is not a setting the sandbox knows, so it is not followed.`);
  return { allowedDomains, allowUnixSockets };
}

/** True for a value that says something: anything but nothing, `null`, `{}` and `[]`. */
function hasEntries(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return typeof value !== 'object' || Object.keys(value).length > 0;
}

/** A JSON value's type, as a message names it. */
function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}
