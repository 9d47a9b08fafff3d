import type { ShellWord } from './shell-words.js';

/** The options a program takes before its operands, as getopt reads them (stopping at the first operand). */
export interface OptionGrammar {
  /** Short options without a value (`-i`). */
  readonly flags?: string;
  /** Short options with a value, attached (`-n5`) or in the next word (`-n 5`). */
  readonly valued?: string;
  /** Short options whose value can only be attached (`-i{}`, or nothing). */
  readonly attached?: string;
  /** Long options without a value. */
  readonly longFlags?: readonly string[];
  /** Long options with a value (`--signal=KILL` or `--signal KILL`). */
  readonly longValued?: readonly string[];
  /** Long options with an optional value, which can only be attached (`--preserve-env=PATH`). */
  readonly longOptional?: readonly string[];
  /** Whether `-5` (digits) is an option (nice's old form). */
  readonly numeric?: boolean;
}

/** Where the options end, and which were given (short options by letter, long ones by full name). */
export interface ReadOptions {
  /** The index of the first word after the options (an operand, or the end). */
  readonly next: number;
  /** The options given, in order, each with its value when it has one. */
  readonly given: readonly { readonly name: string; readonly value?: string }[];
}

/**
 * Reads the options of a program's words from `from`, as GNU getopt does with `+` (stop at the
 * first operand; `--` ends the options; a long option may be shortened to a unique prefix). A word
 * the shell would expand cannot be read: it may become an option, or several.
 */
export function readOptions(
  words: readonly ShellWord[],
  from: number,
  grammar: OptionGrammar,
): ReadOptions | { readonly problem: string } {
  const given: { name: string; value?: string }[] = [];
  let index = from;
  while (index < words.length) {
    const read = readOption(words, index, grammar);
    if ('problem' in read) return read;
    if (read.given.length === 0) return { next: read.next, given };
    given.push(...read.given);
    index = read.next;
    if (read.ended) break;
  }
  return { next: index, given };
}

/**
 * Reads the option word at `index` (and its value's word): what it gives, and where the next
 * word is. Nothing given means `index` holds an operand (or nothing); `ended` means it was `--`.
 */
export function readOption(
  words: readonly ShellWord[],
  index: number,
  grammar: OptionGrammar,
): (ReadOptions & { readonly ended?: boolean }) | { readonly problem: string } {
  const word = words[index];
  if (word === undefined) return { next: index, given: [] };
  if (word.expands) return { problem: `its option word ${show(word)} is a pattern the shell expands` };
  const text = word.text;
  if (text === '--') return { next: index + 1, given: [{ name: '--' }], ended: true };
  if (!text.startsWith('-') || text === '-') return { next: index, given: [] };
  if (text.startsWith('--')) {
    const read = readLong(words, index, grammar);
    return 'problem' in read ? read : { next: read.next, given: [read.option] };
  }
  if (grammar.numeric === true && /^-\d+$/.test(text))
    return { next: index + 1, given: [{ name: '-', value: text.slice(1) }] };
  const read = readShortCluster(words, index, grammar);
  return 'problem' in read ? read : { next: read.next, given: read.options };
}

function readLong(
  words: readonly ShellWord[],
  index: number,
  grammar: OptionGrammar,
): { readonly option: { name: string; value?: string }; readonly next: number } | { readonly problem: string } {
  const text = words[index]!.text;
  const equals = text.indexOf('=');
  const written = equals < 0 ? text.slice(2) : text.slice(2, equals);
  const attached = equals < 0 ? undefined : text.slice(equals + 1);
  const known = [...(grammar.longFlags ?? []), ...(grammar.longValued ?? []), ...(grammar.longOptional ?? [])];
  const exact = known.includes(written) ? [written] : known.filter((name) => name.startsWith(written));
  if (exact.length !== 1 || written === '')
    return { problem: `it gives the option --${written}, which the gate does not know for this program` };
  const name = exact[0]!;
  if ((grammar.longValued ?? []).includes(name)) {
    if (attached !== undefined) return { option: { name, value: attached }, next: index + 1 };
    const value = words[index + 1];
    if (value === undefined) return { problem: `its option --${name} has no value` };
    if (value.expands) return { problem: `the value of its option --${name} is a pattern the shell expands` };
    return { option: { name, value: value.text }, next: index + 2 };
  }
  if ((grammar.longFlags ?? []).includes(name) && attached !== undefined) {
    return { problem: `its option --${name} takes no value` };
  }
  return { option: attached === undefined ? { name } : { name, value: attached }, next: index + 1 };
}

function readShortCluster(
  words: readonly ShellWord[],
  index: number,
  grammar: OptionGrammar,
): { readonly options: { name: string; value?: string }[]; readonly next: number } | { readonly problem: string } {
  const text = words[index]!.text;
  const options: { name: string; value?: string }[] = [];
  for (let position = 1; position < text.length; position++) {
    const letter = text[position]!;
    const rest = text.slice(position + 1);
    if ((grammar.flags ?? '').includes(letter)) {
      options.push({ name: letter });
    } else if ((grammar.valued ?? '').includes(letter)) {
      if (rest !== '') return { options: [...options, { name: letter, value: rest }], next: index + 1 };
      const value = words[index + 1];
      if (value === undefined) return { problem: `its option -${letter} has no value` };
      if (value.expands) return { problem: `the value of its option -${letter} is a pattern the shell expands` };
      return { options: [...options, { name: letter, value: value.text }], next: index + 2 };
    } else if ((grammar.attached ?? '').includes(letter)) {
      return { options: [...options, rest === '' ? { name: letter } : { name: letter, value: rest }], next: index + 1 };
    } else {
      return { problem: `it gives the option -${letter}, which the gate does not know for this program` };
    }
  }
  return { options, next: index + 1 };
}

/** A word as the model wrote it, quoted for a message. */
export function show(word: ShellWord): string {
  return `'${word.raw.length > 60 ? `${word.raw.slice(0, 60)}…` : word.raw}'`;
}
