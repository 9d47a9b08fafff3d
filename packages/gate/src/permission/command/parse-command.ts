/**
 * A command line read as bash reads it (SPEC RU-2), by the `unbash` parser: the simple commands it
 * runs, in order — through `&&`, `||`, `;`, `|`, `&`, line breaks, groups, conditionals, loops and
 * command and process substitutions — and the files its redirections open. What the gate cannot
 * prove about a line (a parse error, a function definition, arithmetic on variables, a here-document
 * left open, a character bash and the parser could read differently) refuses the whole line, with a
 * sentence naming the part.
 */
import { forEachChild, parse } from 'unbash';
import type {
  ArithmeticExpression,
  Assignment,
  Command,
  ParsedScript,
  Redirection,
  SyntaxNode,
  Word,
  WordPart,
} from 'unbash';
import type { ShellWord } from './shell-words.js';

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
/** Nodes deeper than this are refused: every walk here uses its own stack, but a bound keeps work finite. */
const MAX_NODES = 20_000;

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

/** The first control character but tab and line feed (C0, DEL and C1) in `line`, if any. */
function controlCharacter(line: string): string | undefined {
  for (const character of line) {
    const code = character.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)) return character;
  }
  return undefined;
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

function hex(character: string): string {
  return character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

/** Every node, children after their parent, in source order, with an explicit stack. */
function* walk(root: SyntaxNode): Generator<SyntaxNode> {
  const stack: SyntaxNode[] = [root];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (++count > MAX_NODES) throw new RangeError('too many nodes');
    yield node;
    const children: SyntaxNode[] = [];
    forEachChild(node, (child) => children.push(child));
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
}

/** Node types the gate reads; any other is refused (a newer parser's node is never waved through). */
const KNOWN = new Set([
  'Script',
  'Statement',
  'AndOr',
  'Pipeline',
  'Negation',
  'Time',
  'Command',
  'Word',
  'Literal',
  'Glob',
  'SingleQuoted',
  'DoubleQuoted',
  'AnsiCQuoted',
  'LocaleString',
  'SimpleExpansion',
  'ParameterExpansion',
  'Default',
  'Remove',
  'Replace',
  'Slice',
  'CaseModification',
  'Transform',
  'Names',
  'CommandExpansion',
  'ProcessSubstitution',
  'ExtendedGlob',
  'BraceExpansion',
  'Assignment',
  'ArrayValue',
  'Redirect',
  'HereString',
  'HereDoc',
  'FileDescriptor',
  'HereDocDelimiter',
  'HereDocBody',
  'Redirected',
  'Subshell',
  'BraceGroup',
  'CompoundList',
  'If',
  'Elif',
  'For',
  'While',
  'Case',
  'CaseItem',
  'Select',
  'TestCommand',
  'TestUnary',
  'TestBinary',
  'TestLogical',
  'TestNot',
  'TestGroup',
  'ArithmeticExpansion',
  'ArithmeticCommand',
  'ArithmeticFor',
  'ArithmeticBinary',
  'ArithmeticUnary',
  'ArithmeticTernary',
  'ArithmeticGroup',
  'ArithmeticWord',
]);

/** Arithmetic comparisons of `[[ … ]]`: their operands are evaluated as arithmetic. */
const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

/** Why the parsed line cannot be judged, or `undefined`. */
function checkTree(script: ParsedScript, line: string): string | undefined {
  try {
    for (const node of walk(script)) {
      const problem = checkNode(node, line);
      if (problem !== undefined) return problem;
    }
  } catch (error) {
    if (error instanceof RangeError) return 'it nests too deeply to be judged';
    throw error;
  }
  return checkCoverage(script, withoutHereDocuments(script, line), 0, line.length);
}

/** The line with every here-document's body and closing line blanked: the parser read them, after the command. */
function withoutHereDocuments(script: ParsedScript, line: string): string {
  let masked = line;
  for (const node of walk(script)) {
    if ((node as { type: string }).type !== 'HereDoc') continue;
    const heredoc = node as Extract<Redirection, { type: 'HereDoc' }>;
    const from = heredoc.body.pos;
    const to = Math.max(heredoc.closing?.end ?? heredoc.body.end, heredoc.body.end);
    masked = masked.slice(0, from) + masked.slice(from, to).replace(/[^\n]/g, ' ') + masked.slice(to);
  }
  return masked;
}

function checkNode(node: SyntaxNode, line: string): string | undefined {
  const type = (node as { type: string }).type;
  if (!KNOWN.has(type)) {
    if (type === 'Function')
      return `it defines the function ${quote((node as { name: Word }).name.text)}, which could stand in for any command a rule allows`;
    if (type === 'Coproc') return 'it starts a coprocess, which the gate does not read';
    return `it holds a ${type} the gate does not read`;
  }
  switch (type) {
    case 'Script': {
      const errors = (node as ParsedScript).errors;
      if (errors !== undefined && errors.length > 0)
        return `the shell cannot read it as written: ${errors[0]!.message} (at character ${errors[0]!.pos + 1})`;
      return undefined;
    }
    case 'CommandExpansion':
    case 'ProcessSubstitution': {
      const part = node as { script: ParsedScript | undefined; text: string };
      if (part.script === undefined) return `its substitution ${quote(part.text)} cannot be read`;
      return undefined;
    }
    case 'ArithmeticExpansion':
    case 'ArithmeticCommand': {
      const part = node as { expression: ArithmeticExpression | undefined; text?: string; body?: string };
      const shown = part.text ?? `((${part.body ?? ''}))`;
      return part.expression === undefined || !literalArithmetic(part.expression)
        ? `its arithmetic ${quote(shown)} works on variables, and bash evaluates a variable's value (an array subscript in it can run a command), so the gate cannot tell what it runs`
        : undefined;
    }
    case 'ArithmeticFor':
      return 'its arithmetic for loop works on variables, which bash evaluates (an array subscript can run a command), so the gate cannot tell what it runs';
    case 'TestBinary': {
      const test = node as { operator: string; left: Word; right: Word };
      if (ARITHMETIC_TESTS.has(test.operator) && !(integerWord(test.left) && integerWord(test.right)))
        return `its test ${quote(`${test.left.text} ${test.operator} ${test.right.text}`)} evaluates its operands as arithmetic, which can run a command, so the gate cannot tell what it runs`;
      return undefined;
    }
    case 'HereDoc': {
      const heredoc = node as Extract<Redirection, { type: 'HereDoc' }>;
      if (heredoc.closing === undefined || heredoc.delimiter === undefined)
        return 'it leaves a here-document open (its closing line is missing)';
      if (/[\n'"\\]/.test(heredoc.delimiter.value))
        return `its here-document delimiter ${quote(heredoc.delimiter.text)} cannot be read safely`;
      return undefined;
    }
    case 'Redirect':
    case 'HereString': {
      const redirect = node as { descriptor?: { type: string } };
      if (redirect.descriptor?.type === 'FileDescriptorVariable')
        return 'its redirection names its file descriptor by a variable, which the gate does not follow';
      return undefined;
    }
    case 'Command':
      return checkCommandSpacing(node as Command, line);
    case 'Word':
      return checkWordCharacters(node as Word, line);
    default:
      return undefined;
  }
}

function quote(text: string): string {
  return `'${text.length > 60 ? `${text.slice(0, 60)}…` : text}'`;
}

function literalArithmetic(expression: ArithmeticExpression): boolean {
  const stack: ArithmeticExpression[] = [expression];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'ArithmeticWord':
        if (!/^(?:0[xX][0-9a-fA-F]+|[0-9]+)$/.test(node.value)) return false;
        break;
      case 'ArithmeticBinary':
        if (/=/.test(node.operator) && !['==', '!=', '<=', '>='].includes(node.operator)) return false;
        stack.push(node.left, node.right);
        break;
      case 'ArithmeticUnary':
        if (node.operator === '++' || node.operator === '--') return false;
        stack.push(node.operand);
        break;
      case 'ArithmeticTernary':
        stack.push(node.test, node.consequent, node.alternate);
        break;
      case 'ArithmeticGroup':
        stack.push(node.expression);
        break;
      default:
        return false;
    }
  }
  return true;
}

function integerWord(word: Word): boolean {
  return word.parts === undefined && /^-?[0-9]+$/.test(word.value);
}

/**
 * The words of a simple command are separated by blanks: two words with nothing between them are
 * one word to bash (`echo<(ls)`), and a character between them the parser passed over is one it
 * did not read. Either refuses the line.
 */
function checkCommandSpacing(command: Command, line: string): string | undefined {
  const elements = [...command.prefix, ...(command.name === undefined ? [] : [command.name]), ...command.suffix].sort(
    (first, second) => first.pos - second.pos,
  );
  for (let index = 1; index < elements.length; index++) {
    const before = elements[index - 1]!;
    const after = elements[index]!;
    const gap = line.slice(before.end, after.pos);
    if (
      gap === '' &&
      before.type !== 'Redirect' &&
      after.type !== 'Redirect' &&
      after.type !== 'HereDoc' &&
      after.type !== 'HereString'
    )
      return `its words ${quote(line.slice(before.pos, after.end))} run together, which bash and the gate could read differently`;
    if (/[^ \t\\\n]/.test(gap.replace(/\\\n/g, '')) && !isHereDocGap(before, after))
      return `it holds ${quote(gap.trim())} where the gate reads nothing, so bash could read it differently`;
  }
  return undefined;
}

function isHereDocGap(before: { type: string }, after: { type: string }): boolean {
  return before.type === 'HereDoc' || after.type === 'HereDoc';
}

/**
 * Outside quotes, a word holds printable ASCII only: a look-alike (`ｒｍ`, a no-break space, a
 * zero-width character) is never read as what it resembles. Inside quotes, letters of any script
 * are kept (`"café"`), but not invisible or spacing characters.
 */
function checkWordCharacters(word: Word, line: string): string | undefined {
  const text = line.slice(word.pos, word.end) || word.text;
  if (/^[\x20-\x7e\t\n]*$/.test(text)) return undefined;
  const quoted: Array<[number, number]> = [];
  const stack: WordPart[] = [...(word.parts ?? [])];
  while (stack.length > 0) {
    const part = stack.pop()!;
    if (part.type === 'SingleQuoted' || part.type === 'DoubleQuoted' || part.type === 'AnsiCQuoted')
      quoted.push([part.pos, part.end]);
  }
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index)!;
    if (code < 0x80) continue;
    const character = String.fromCodePoint(code);
    const at = word.pos + index;
    const inQuotes = quoted.some(([start, end]) => at > start && at < end - 1);
    if (!inQuotes)
      return `its word ${quote(word.text)} holds ${quote(character)} (U+${hex(character)}) outside quotes, a character bash does not read as it looks`;
    if (/[\p{Cf}\p{Zs}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u.test(character))
      return `its word ${quote(word.text)} holds the invisible or spacing character U+${hex(character)}`;
    if (code > 0xffff) index++;
  }
  return undefined;
}

/**
 * Between the statements of a script, only blanks, separators and comments: a character the
 * parser passed over silently (`cat (`) refuses the line.
 */
function checkCoverage(script: ParsedScript, line: string, from: number, to: number): string | undefined {
  let at = from;
  const gaps: string[] = [];
  for (const statement of script.commands) {
    gaps.push(line.slice(at, statement.pos));
    at = statement.end;
  }
  gaps.push(line.slice(at, to));
  for (const gap of gaps) {
    const left = gap.replace(/#[^\n]*/g, '').replace(/\\\n/g, '');
    if (/[^ \t\n;&|]/.test(left))
      return `it holds ${quote(left.trim())} where the gate reads nothing, so bash could read it differently`;
  }
  return undefined;
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
