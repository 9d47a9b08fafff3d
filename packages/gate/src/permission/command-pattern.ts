/**
 * COMMAND patterns (SPEC PM-3): `Bash(git status)` matches exactly `git status`;
 * `Bash(git:*)` matches `git` and `git <anything>`, never `gitk`. Only a trailing `:*` is a
 * wildcard. A candidate holding a shell metacharacter never matches: compound commands are
 * refused rather than split.
 */

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
  return { kind: 'COMMAND', command, prefix };
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
 * Judges a command line: `unjudgeable` when it is empty, padded, holds a tab or any refused
 * metacharacter (it could run more than its first words say), otherwise `match` or `no-match`.
 * Allow rules count only `match`; deny and ask rules fire on `unjudgeable` too (fail closed).
 */
export function judgeCommand(pattern: CommandPattern, candidate: string): Judgement {
  if (candidate === '' || candidate !== candidate.trim() || candidate.includes('\t')) return 'unjudgeable';
  if (REFUSED_COMMAND_CHARACTERS.some((character) => candidate.includes(character))) return 'unjudgeable';
  if (!pattern.prefix) return candidate === pattern.command ? 'match' : 'no-match';
  return candidate === pattern.command || candidate.startsWith(`${pattern.command} `) ? 'match' : 'no-match';
}
