/**
 * What the gate must prove about a parsed command line before it judges its commands (SPEC RU-2):
 * only node types it reads, no function definition or coprocess, no arithmetic on variables, every
 * here-document closed, no character bash and the parser could read differently, and nothing the
 * parser passed over. Each check names the part it refuses.
 */
import type { ArithmeticExpression, Command, ParsedScript, Redirection, SyntaxNode, Word, WordPart } from 'unbash';
import { walk } from './syntax-walk.js';

/** The first control character but tab and line feed (C0, DEL and C1) in `line`, if any. */
export function controlCharacter(line: string): string | undefined {
  for (const character of line) {
    const code = character.charCodeAt(0);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a) || (code >= 0x7f && code <= 0x9f)) return character;
  }
  return undefined;
}

export function hex(character: string): string {
  return character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
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
export function checkTree(script: ParsedScript, line: string): string | undefined {
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
