/**
 * A command line read as bash reads it (SPEC RU-2), by the `unbash` parser: the simple commands it
 * runs, in order — through `&&`, `||`, `;`, `|`, `&`, line breaks, groups, conditionals, loops and
 * command and process substitutions — and the files its redirections open. What the gate cannot
 * prove about a line (a parse error, a function definition, arithmetic on variables, a here-document
 * left open, a character bash and the parser could read differently) refuses the whole line, with a
 * sentence naming the part.
 */
import { parse } from 'unbash';
import type { Assignment, Command, ParsedScript, Redirection, SyntaxNode, Word, WordPart } from 'unbash';
import { checkTree, controlCharacter, hex } from './check-syntax.js';
import type { ShellWord } from './shell-words.js';
import { walk } from './syntax-walk.js';

/** One simple command of a line: its words as bash reads them (assignments first), and where it runs. */
export interface PlannedCommand {
  /** The words, quotes removed (`text`) and as written (`raw`); assignments before the program first. */
  readonly words: readonly ShellWord[];
  /** The command as written, without its redirections. */
  readonly text: string;
  /**
   * The folders it may run in, relative to the call's working directory (`''` is that directory
   * itself; `cd` may have moved the shell, and a failed `cd` may not have); `undefined` when
   * an earlier command moved the shell in a way the gate cannot follow.
   */
  readonly directories: readonly string[] | undefined;
  /** The text its standard input reads, when a here-document or here-string gives it literally. */
  readonly stdin?: string;
}

/** A file a redirection opens: written (`>`, `>>`, `&>`, `<>`) or read (`<`). */
export interface PlannedRedirection {
  readonly access: 'read' | 'write';
  /** The target, quotes removed (`~/x` is kept as written). */
  readonly target: string;
  /** The redirection as written, for a message. */
  readonly text: string;
  /** The folders a relative target may be in, as for {@link PlannedCommand.directories}. */
  readonly directories: readonly string[] | undefined;
  /** True when the shell expands the target (`> $OUT`, `> *.log`): the file it opens is not known. */
  readonly expands: boolean;
}

/** What a line runs and opens, or why the gate cannot tell. */
export type CommandPlan =
  | { readonly commands: readonly PlannedCommand[]; readonly redirections: readonly PlannedRedirection[] }
  | { readonly refused: string };

/** At most this many folders are followed through `cd`; more, and the folder is unknown. */
const MAX_DIRECTORIES = 8;
/** Lines longer than this are not parsed: no model needs one, and the parser's time grows with it. */
const MAX_LINE = 65_536;

const cache = new Map<string, CommandPlan>();
const CACHE_SIZE = 512;

/** The plan of a command line, parsed once per distinct text (SPEC RU-2: a call's cost does not grow with repeats). */
export function planCommand(line: string): CommandPlan {
  let plan = cache.get(line);
  if (plan === undefined) {
    plan = Object.freeze(readPlan(line));
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(line, plan);
  }
  return plan;
}

function refused(reason: string): { readonly refused: string } {
  return { refused: reason };
}

function readPlan(line: string): CommandPlan {
  if (line.length > MAX_LINE) return refused(`it is longer than ${MAX_LINE} characters`);
  const control = controlCharacter(line);
  if (control !== undefined)
    return refused(`it holds the control character U+${hex(control)}, which bash and the gate could read differently`);
  let script: ParsedScript;
  try {
    script = parse(line);
  } catch {
    return refused('the shell parser could not read it');
  }
  const problem = checkTree(script, line);
  if (problem !== undefined) return refused(problem);
  return collect(script, line);
}

/** The loops a folder change inside makes every folder unknown in (a later pass runs in the changed folder). */
const LOOPS = new Set(['For', 'While', 'Select']);
/** Words that change the shell's folder in ways the gate follows only as a plain `cd <folder>`. */
const MOVERS = new Set(['cd', 'pushd', 'popd']);

/** The simple commands and redirections of a checked tree, in source order, with the folders each may run in. */
function collect(script: ParsedScript, line: string): CommandPlan {
  const commands: PlannedCommand[] = [];
  const redirections: PlannedRedirection[] = [];
  let directories: string[] | undefined = [''];
  const topLevel = topLevelCommands(script);
  for (const node of walk(script)) {
    const type = (node as { type: string }).type;
    if (LOOPS.has(type) && containsMover(node)) directories = undefined;
    if (type === 'Redirected') {
      for (const redirect of (node as { redirects: readonly Redirection[] }).redirects)
        addRedirection(redirect, directories, redirections, line);
      continue;
    }
    if (type !== 'Command') continue;
    const command = node as Command;
    const words = commandWords(command);
    const stdin = literalInput(command.redirects);
    commands.push({
      words,
      text: words.map((word) => word.raw).join(' '),
      directories,
      ...(stdin === undefined ? {} : { stdin }),
    });
    for (const redirect of command.redirects) addRedirection(redirect, directories, redirections, line);
    if (words.some((word) => MOVERS.has(word.text)) || words[firstProgram(words)]?.text === 'eval')
      directories = moved(directories, words, topLevel.has(command));
  }
  return { commands, redirections };
}

/** The commands that run in the script's own shell, as statements of its top level (not in a pipe, group or loop). */
function topLevelCommands(script: ParsedScript): Set<Command> {
  const found = new Set<Command>();
  for (const statement of script.commands) {
    const lists = statement.command.type === 'AndOr' ? statement.command.commands : [statement.command];
    for (const element of lists) if (element.type === 'Command' && !statement.background) found.add(element);
  }
  return found;
}

function containsMover(node: SyntaxNode): boolean {
  for (const inner of walk(node)) {
    if ((inner as { type: string }).type !== 'Command') continue;
    const command = inner as Command;
    if (command.name !== undefined && (MOVERS.has(command.name.value) || command.name.value === 'eval')) return true;
    if (command.suffix.some((element) => element.type === 'Word' && MOVERS.has(element.value))) return true;
  }
  return false;
}

/** The folders after a command that may move the shell: `cd <folder>` at the top level is followed; anything else makes them unknown. */
function moved(
  directories: string[] | undefined,
  words: readonly ShellWord[],
  topLevel: boolean,
): string[] | undefined {
  if (directories === undefined || !topLevel) return undefined;
  const start = firstProgram(words);
  const program = words[start];
  const operands = words.slice(start + 1).filter((word, index) => !(index === 0 && word.text === '--'));
  if (program?.text !== 'cd' || start !== 0 || operands.length !== 1) return undefined;
  const target = operands[0]!;
  if (target.expands || target.tilde || target.text === '-' || target.text.startsWith('-') || target.text === '')
    return undefined;
  const next = new Set(directories);
  for (const directory of directories) next.add(joinDirectory(directory, target.text));
  return next.size > MAX_DIRECTORIES ? undefined : [...next];
}

/** `folder` entered from `from` (both relative to the call's working directory, or absolute). */
export function joinDirectory(from: string, folder: string): string {
  if (folder.startsWith('/') || from === '') return folder;
  return `${from.replace(/\/+$/, '')}/${folder}`;
}

function firstProgram(words: readonly ShellWord[]): number {
  const index = words.findIndex((word) => !word.assignment);
  return index < 0 ? words.length : index;
}

function addRedirection(
  redirect: Redirection,
  directories: readonly string[] | undefined,
  into: PlannedRedirection[],
  line: string,
): void {
  if (redirect.type !== 'Redirect' || redirect.target === undefined) return;
  const { operator, target } = redirect;
  const text = line.slice(redirect.pos, redirect.end) || `${operator}${target.text}`;
  // Duplicating or closing a descriptor opens no file: `2>&1`, `>&2`, `<&0`, `>&-`.
  if ((operator === '>&' || operator === '<&') && /^(?:[0-9]+-?|-)$/.test(target.text)) return;
  into.push({
    access: operator === '<' || operator === '<&' ? 'read' : 'write',
    target: target.parts === undefined ? target.value : target.text,
    text,
    directories,
    expands: expands(target),
  });
}

/** The literal text of a here-string or a here-document without expansions, fed to a command's input. */
function literalInput(redirects: readonly Redirection[]): string | undefined {
  let input: string | undefined;
  for (const redirect of redirects) {
    if (redirect.type === 'HereDoc') {
      const literal = redirect.delimiter?.quoted === true || !hasExpansion(redirect.body.parts ?? []);
      input = literal ? redirect.body.text : undefined;
    } else if (redirect.type === 'HereString') {
      input = redirect.target !== undefined && !expands(redirect.target) ? `${redirect.target.value}\n` : undefined;
    } else if (redirect.operator === '<' || redirect.operator === '<>' || redirect.operator === '<&') {
      input = undefined;
    }
  }
  return input;
}

function commandWords(command: Command): ShellWord[] {
  const words: ShellWord[] = [];
  for (const element of command.prefix) if (element.type === 'Assignment') words.push(assignmentWord(element, true));
  if (command.name !== undefined) words.push(shellWord(command.name));
  for (const element of command.suffix) {
    if (element.type === 'Word') words.push(shellWord(element));
    else if (element.type === 'Assignment') words.push(assignmentWord(element, false));
  }
  return words;
}

function shellWord(word: Word): ShellWord {
  return {
    text: word.value,
    raw: word.text,
    expands: expands(word),
    tilde: word.text.startsWith('~'),
    assignment: false,
  };
}

function assignmentWord(assignment: Assignment, before: boolean): ShellWord {
  const value = assignment.value;
  const valueText = value.type === 'Word' ? value.value : assignment.text.slice(assignment.text.indexOf('=') + 1);
  const name = assignment.text.slice(0, assignment.text.indexOf('='));
  return {
    text: `${name}=${valueText}`,
    raw: assignment.text,
    expands: value.type === 'Word' ? expands(value) : true,
    tilde: false,
    assignment: before,
  };
}

/** Parts bash expands into other text, or into several words. */
const EXPANDING = new Set([
  'Glob',
  'ExtendedGlob',
  'BraceExpansion',
  'SimpleExpansion',
  'ParameterExpansion',
  'CommandExpansion',
  'ArithmeticExpansion',
  'ProcessSubstitution',
]);

function expands(word: Word): boolean {
  return hasExpansion(word.parts ?? []);
}

function hasExpansion(parts: readonly WordPart[]): boolean {
  const stack: WordPart[] = [...parts];
  while (stack.length > 0) {
    const part = stack.pop()!;
    if (EXPANDING.has(part.type)) return true;
    if (part.type === 'DoubleQuoted' || part.type === 'LocaleString') stack.push(...part.parts);
  }
  return false;
}
