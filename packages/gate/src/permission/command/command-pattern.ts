/**
 * COMMAND patterns (SPEC PM-3): `Bash(git status)` matches exactly `git status`;
 * `Bash(git:*)` matches `git` and `git <anything>`, never `gitk`. Only a trailing `:*` is a
 * wildcard. A candidate holding a shell metacharacter never matches: compound commands are
 * refused rather than split.
 */
import { splitShellWords, type ShellWord } from './shell-words.js';

/** Characters that let one command line run more than one command, or redirect, or substitute. */
export const REFUSED_COMMAND_CHARACTERS: readonly string[] = [
  ';',
  '|',
  '&',
  '`',
  '$',
  '>',
  '<',
  '(',
  ')',
  '\n',
  '\r',
  '\0',
];

/** A compiled COMMAND pattern. */
export interface CommandPattern {
  readonly kind: 'COMMAND';
  /** The command (exact) or the prefix (`:*`). */
  readonly command: string;
  /** True for `prefix:*`. */
  readonly prefix: boolean;
  /** The command's words as the shell reads them, assignments before the program left out. */
  readonly words: readonly ShellWord[];
}

/** Compiles a COMMAND pattern, or says why it cannot be interpreted. */
export function compileCommandPattern(pattern: string): CommandPattern | { readonly problem: string } {
  const prefix = pattern.endsWith(':*');
  const command = prefix ? pattern.slice(0, -2) : pattern;
  if (command === '') return { problem: 'a bare :* names no command' };
  if (command.includes('*')) return { problem: "'*' is a wildcard only as a trailing ':*'" };
  if (command !== command.trim() || command.includes('\t'))
    return { problem: 'the command has leading or trailing whitespace or a tab' };
  if (REFUSED_COMMAND_CHARACTERS.some((character) => command.includes(character))) {
    return { problem: 'the command holds a shell metacharacter, which no call can match' };
  }
  const words = splitShellWords(command);
  if ('problem' in words) return { problem: `the command cannot be read as the shell reads it: ${words.problem}` };
  const first = words.findIndex((word) => !word.assignment);
  return { kind: 'COMMAND', command, prefix, words: first < 0 ? [] : words.slice(first) };
}

/** How a rule judged a call: it matches, it does not, or the call cannot be judged safely. */
export type Judgement = 'match' | 'no-match' | 'unjudgeable';

/**
 * Why a command line cannot be judged safely, for the model and a person: the first refused
 * character it holds, or its padding; `undefined` when it can be judged (or is empty).
 */
export function unjudgeableCommand(candidate: string): string | undefined {
  if (candidate === '') return undefined;
  const refused = REFUSED_COMMAND_CHARACTERS.find((character) => candidate.includes(character));
  if (refused !== undefined) {
    const shown =
      refused === '\n'
        ? 'a line break'
        : refused === '\r'
          ? 'a carriage return'
          : refused === '\0'
            ? 'a NUL'
            : `'${refused}'`;
    return `it holds ${shown}, and a command holding ; | & \` $ > < ( ), a line break or NUL is never allowed by a pattern: it could run more than its first words say. Run one plain command per call (no chaining, pipes, redirection or substitution).`;
  }
  if (candidate !== candidate.trim() || candidate.includes('\t'))
    return 'it has leading or trailing whitespace or a tab, which no pattern matches. Send the command without them.';
  return undefined;
}

/**
 * Judges a command line as written: `unjudgeable` when it is empty, padded, holds a tab or any
 * refused metacharacter (it could run more than its first words say), otherwise `match` or
 * `no-match`. Allow rules match the line as written only (`/usr/bin/git` is not `git`); deny and
 * ask rules also read what it runs ({@link judgeWords}).
 */
export function judgeCommand(pattern: CommandPattern, candidate: string): Judgement {
  if (candidate === '' || candidate !== candidate.trim() || candidate.includes('\t')) return 'unjudgeable';
  if (REFUSED_COMMAND_CHARACTERS.some((character) => candidate.includes(character))) return 'unjudgeable';
  if (!pattern.prefix) return candidate === pattern.command ? 'match' : 'no-match';
  return candidate === pattern.command || candidate.startsWith(`${pattern.command} `) ? 'match' : 'no-match';
}

/**
 * Judges the words of one program a command runs against a pattern's words: `match` when they
 * start with the pattern's words (equal them, for an exact pattern); `unjudgeable` when a word the
 * shell would expand stands where the pattern's words are compared (it may become them). With
 * `byName`, the programs compare by the name they run as (`/bin/rm` is `rm`), as deny and ask rules do.
 */
export function judgeWords(pattern: CommandPattern, words: readonly ShellWord[], byName: boolean): Judgement {
  const wanted = pattern.words;
  if (wanted.length === 0) return 'no-match';
  for (let index = 0; index < wanted.length; index++) {
    const word = words[index];
    if (word === undefined) return 'no-match';
    if (word.expands) return 'unjudgeable';
    const same =
      index === 0 && byName ? nameOf(word.text) === nameOf(wanted[0]!.text) : word.text === wanted[index]!.text;
    if (!same) return 'no-match';
  }
  if (pattern.prefix || words.length === wanted.length) return 'match';
  return words.slice(wanted.length).some((word) => word.expands) ? 'unjudgeable' : 'no-match';
}

function nameOf(program: string): string {
  return program.slice(program.lastIndexOf('/') + 1);
}
