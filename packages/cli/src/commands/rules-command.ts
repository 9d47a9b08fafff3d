import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ToolInput } from '@toolwright/core';
import { escapeControlCharacters, isPlainObject } from '@toolwright/core/internal';
import { explainCall, type CallExplanation } from '@toolwright/gate/internal';
import type { CliIo } from '../io/cli-io.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../errors/usage-error.js';
import { readCallArguments } from './call-arguments.js';
import { GATE_FLAG_OPTIONS, permissionsFrom, settingsFrom } from './gate-flags.js';
import { findTool } from './schema-command.js';

export const RULES_HELP = `Usage: toolwright rules explain <Tool> <json|@file|-> [options]

Judges one call with the permission rules, as the gate would, and runs nothing: prints the
verdict, then each part of the call — each command of a command line, each file its
redirections open, or a file tool's path — with the rule that decided it, then the sentence the
model would read when the call is refused. <Tool> is a builtin tool (Bash, Read, Write, Edit,
Ls, Glob, Grep), or one of --module's. The arguments are inline JSON, @args.json or - (stdin).
  --allow <rule>      allow rule, e.g. 'Bash(git:*)' (repeatable); with any rule, the rest is denied
  --deny <rule>       deny rule (repeatable)
  --ask <rule>        ask rule (repeatable)
  --settings <file>   a Claude Code settings file whose permissions lists are added (repeatable)
  --cwd <dir>         the working directory the call is judged in (default: this one)
  --module <plugin>   judge a tool of this plugin module instead of a builtin one
  --json              print the explanation as JSON: {tool, verdict, rule?, reason, parts}
Only the permission rules are judged: --allow-write and --allow-bash of call and serve, and the
sandbox, are separate gates. Exit code: 0 when the rules allow the call, 1 when they deny it or
an ask rule would put it to an approver (nobody answers here), 2 for bad usage.
`;

/** `toolwright rules explain` (SPEC RU-5). */
export async function rulesCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      allow: GATE_FLAG_OPTIONS.allow,
      deny: GATE_FLAG_OPTIONS.deny,
      ask: GATE_FLAG_OPTIONS.ask,
      settings: GATE_FLAG_OPTIONS.settings,
      cwd: GATE_FLAG_OPTIONS.cwd,
      module: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  const [subcommand, name, argumentsText] = positionals;
  if (subcommand !== 'explain')
    throw new UsageError(
      subcommand === undefined
        ? 'rules takes a subcommand: explain'
        : `rules has no subcommand ${subcommand}; it has: explain`,
    );
  if (name === undefined || argumentsText === undefined || positionals.length > 3)
    throw new UsageError('rules explain takes a tool name and the arguments (JSON, @file or -)');
  const input = await readCallArguments(argumentsText, io);
  if (!isPlainObject(input)) throw new UsageError('the arguments must be a JSON object');
  const cwd = resolve(io.cwd, values.cwd ?? '.');
  const settings = settingsFrom(values, io, cwd);
  const permissions = permissionsFrom(values, settings);
  const specifier = values.module ?? 'builtin';
  // Nothing runs: the builtin Bash tools get a shell without a sandbox to probe.
  const plugin = await loadPlugin(specifier, io.cwd, { sandbox: 'off' });
  try {
    const tool = findTool(plugin.tools, name, specifier);
    const explanation = await explainCall(plugin.tools, tool, ToolInput.of(input), cwd, permissions);
    io.stdout(values.json ? `${JSON.stringify(explanation, null, 2)}\n` : formatExplanation(explanation));
    return explanation.verdict === 'allow' ? 0 : 1;
  } finally {
    await plugin.dispose();
  }
}

/** The widest a part is padded to; a longer one pushes its own reason along, not everyone's. */
const PART_COLUMN = 40;

/**
 * The explanation as plain text, one line each: `Bash: deny (Bash(rm:*))`, then each part as
 * `  <part>  <why>` in two columns, then `Reason: <the gate's sentence>` unless each part of an
 * allowed call says why already. What the call holds is shown with its control characters escaped.
 */
export function formatExplanation(explanation: CallExplanation): string {
  const decided =
    explanation.verdict === 'allow'
      ? ''
      : explanation.rule === undefined
        ? ' (no rule allows it)'
        : ` (${explanation.rule})`;
  const lines = [`${explanation.tool}: ${explanation.verdict}${decided}`];
  const texts = explanation.parts.map((part) => escapeControlCharacters(part.text));
  const width = Math.min(PART_COLUMN, Math.max(0, ...texts.map((text) => text.length)));
  for (const [index, part] of explanation.parts.entries())
    lines.push(`  ${texts[index]!.padEnd(width)}  ${escapeControlCharacters(part.reason)}`);
  if (explanation.verdict !== 'allow' || explanation.parts.length === 0)
    lines.push(`Reason: ${escapeControlCharacters(explanation.reason)}`);
  return `${lines.join('\n')}\n`;
}
