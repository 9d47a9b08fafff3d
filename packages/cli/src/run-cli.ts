import { ToolwrightError } from '@toolwright/core';
import type { CliIo } from './io/cli-io.js';
import { CALL_HELP, callCommand } from './commands/call-command.js';
import { CHECK_HELP, checkCommand } from './commands/check-command.js';
import { DOCS_HELP, docsCommand } from './commands/docs-command.js';
import { RULES_HELP, rulesCommand } from './commands/rules-command.js';
import { SCHEMA_HELP, schemaCommand } from './commands/schema-command.js';
import { SERVE_HELP, serveCommand } from './commands/serve-command.js';
import { UsageError } from './errors/usage-error.js';

const HELP = `Usage: toolwright <command> [options]

Commands:
  docs <module>                  write reference docs for a plugin's tools
  check <module>                 lint a plugin's tools
  schema <module> <Tool>         print a tool's definition for a provider
  call <module> <Tool> <json>    run one call through the gate (<json> may be @file or -)
  serve <module>                 serve the tools over MCP (stdio, or --http)
  rules explain <Tool> <json>    say which rule allows or denies each part of a call, running nothing
Run toolwright <command> --help for a command's options. <module> is a compiled plugin module, or builtin.
`;

type Command = (args: readonly string[], io: CliIo) => Promise<number>;

/** A command: what runs it, and its `--help` text. */
interface CommandEntry {
  readonly run: Command;
  readonly help: string;
}

// A Map, so that a name like `constructor` or `__proto__` finds nothing rather than Object's own members.
const COMMANDS: ReadonlyMap<string, CommandEntry> = new Map([
  ['docs', { run: docsCommand, help: DOCS_HELP }],
  ['check', { run: checkCommand, help: CHECK_HELP }],
  ['schema', { run: schemaCommand, help: SCHEMA_HELP }],
  ['call', { run: callCommand, help: CALL_HELP }],
  ['serve', { run: serveCommand, help: SERVE_HELP }],
  ['rules', { run: rulesCommand, help: RULES_HELP }],
]);

/** Runs the `toolwright` command line; returns the exit code (0 ok, 1 an error result or a problem found, 2 bad usage). */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  extra: Readonly<Record<string, CommandEntry>> = {},
): Promise<number> {
  const commands = new Map([...COMMANDS, ...Object.entries(extra)]);
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(HELP);
    return name === undefined ? 2 : 0;
  }
  const command = commands.get(name);
  if (command === undefined) {
    io.stderr(`toolwright: unknown command '${name}'. Commands: ${[...commands.keys()].join(', ')}.\n`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(command.help);
    return 0;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (UsageError.isInstance(error) || ToolwrightError.isInstance(error) || isParseArgsError(error)) {
      io.stderr(`toolwright ${name}: ${(error as Error).message.split('\n').join(' ')}\n`);
      return 2;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code: unknown = (error as { code?: unknown } | undefined)?.code;
  return error instanceof TypeError && typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
