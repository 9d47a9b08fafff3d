/**
 * COMMAND patterns (SPEC PM-3, RU-1), matched word by word against one simple command:
 * `Bash(git status)` is exactly `git status`; a `*` word stands for any words, none included
 * (`Bash(npm run test *)` matches `npm run test` and `npm run test -- --watch`, never
 * `npm run testx`; `Bash(git * --dry-run)`); a `*` inside a word stands for any characters of that
 * word (`Bash(git checkout feature/*)`), and a last word ending in `*` also for any words after it
 * (`Bash(ls*)` matches `ls -la` and `lsof`, as in Claude Code); the legacy trailing `:*` is a
 * trailing ` *` (`Bash(git:*)` matches `git` and `git <anything>`, never `gitk`).
 */
import { splitShellWords, type ShellWord } from './shell-words.js';

/** Characters a rule's command cannot hold: a rule names one simple command, never a compound line. */
export const REFUSED_PATTERN_CHARACTERS: readonly string[] = [
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

/** One word of a pattern: a word compared as written, a word with `*` in it, or any words. */
export type PatternToken =
  | { readonly kind: 'word'; readonly word: ShellWord }
  | { readonly kind: 'glob'; readonly raw: string; readonly regex: RegExp }
  | { readonly kind: 'any' };

/** A compiled COMMAND pattern. */
export interface CommandPattern {
  readonly kind: 'COMMAND';
  /** The pattern as written, `:*` included. */
  readonly command: string;
  /** True when it has a wildcard: it may cover words it does not name. */
  readonly wildcard: boolean;
  /** Its tokens, assignments before the program included (an allow rule matches the command as written). */
  readonly tokens: readonly PatternToken[];
  /** Its tokens from the program on (deny and ask rules judge each program a command runs). */
  readonly programTokens: readonly PatternToken[];
}

/** Compiles a COMMAND pattern, or says why it cannot be interpreted. */
export function compileCommandPattern(pattern: string): CommandPattern | { readonly problem: string } {
  const legacy = pattern.endsWith(':*');
  const command = legacy ? pattern.slice(0, -2) : pattern;
  if (command === '') return { problem: 'a bare :* names no command' };
  if (command.includes(':*'))
    return { problem: "':*' is a wildcard only at the end; write ' *' for any words elsewhere" };
  if (command !== command.trim() || command.includes('\t'))
    return { problem: 'the command has leading or trailing whitespace or a tab' };
  if (REFUSED_PATTERN_CHARACTERS.some((character) => command.includes(character))) {
    return {
      problem:
        'the command holds a shell metacharacter; a rule names one simple command (a compound command is allowed when each of its commands is)',
    };
  }
  const words = splitShellWords(command);
  if ('problem' in words) return { problem: `the command cannot be read as the shell reads it: ${words.problem}` };
  const tokens: PatternToken[] = [];
  for (const [index, word] of words.entries()) {
    if (word.raw === '*') {
      if (tokens.at(-1)?.kind !== 'any') tokens.push({ kind: 'any' });
      continue;
    }
    if (!/\*/.test(word.raw) || !/\*/.test(skeleton(word))) {
      tokens.push({ kind: 'word', word });
      continue;
    }
    if (/['"\\]/.test(word.raw))
      return { problem: `the word ${word.raw} mixes quotes with a '*' wildcard; write it without quotes` };
    const regex = new RegExp(`^${word.raw.split('*').map(escapeRegex).join('.*')}$`, 's');
    tokens.push({ kind: 'glob', raw: word.raw, regex });
    // A last word ending in '*' goes on over the words after it, as Claude Code's `Bash(ls*)` does.
    if (index === words.length - 1 && word.raw.endsWith('*') && !legacy) tokens.push({ kind: 'any' });
  }
  if (legacy && tokens.at(-1)?.kind !== 'any') tokens.push({ kind: 'any' });
  const first = tokens.findIndex((token) => token.kind !== 'word' || !token.word.assignment);
  return {
    kind: 'COMMAND',
    command: pattern,
    wildcard: tokens.some((token) => token.kind !== 'word'),
    tokens,
    programTokens: first < 0 ? [] : tokens.slice(first),
  };
}

function skeleton(word: ShellWord): string {
  // A word with a quoted '*' only ('*' in quotes) has no wildcard: compare it as a word.
  return word.raw.replace(/'[^']*'|"(?:\\.|[^"\\])*"|\\./g, '');
}

function escapeRegex(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
}

/** How a rule judged a call: it matches, it does not, or the call cannot be judged safely. */
export type Judgement = 'match' | 'no-match' | 'unjudgeable';

/** How a match came out, with the words of the command the pattern names (compares word for word). */
export type WordsMatch =
  | { readonly judgement: 'match'; readonly named: ReadonlySet<number> }
  | { readonly judgement: 'no-match' | 'unjudgeable' };

/**
 * How words are compared: as written (`written`: an allow rule against the command the model
 * wrote, where `'git'` and `/usr/bin/git` are not `git`), after quote removal (`text`: an allow
 * rule against a command a wrapper runs), or so with the program by the name it runs as (`name`:
 * deny and ask rules, where `/bin/rm` is `rm`).
 */
export type Comparison = 'written' | 'text' | 'name';

/**
 * Matches a command's words against pattern tokens, compared as `comparison` says. A word the shell
 * expands never equals a named word: where only such a word stands in the way of a match, the
 * command is `unjudgeable` (it may become the named word).
 */
export function matchWords(
  tokens: readonly PatternToken[],
  words: readonly ShellWord[],
  comparison: Comparison,
): WordsMatch {
  if (tokens.length === 0) return { judgement: 'no-match' };
  const strict = align(tokens, words, comparison, false);
  if (strict !== undefined) return { judgement: 'match', named: strict };
  return align(tokens, words, comparison, true) === undefined
    ? { judgement: 'no-match' }
    : { judgement: 'unjudgeable' };
}

/** Tokens against words, by dynamic programming (no recursion); the named words of the first alignment found. */
function align(
  tokens: readonly PatternToken[],
  words: readonly ShellWord[],
  comparison: Comparison,
  lenient: boolean,
): Set<number> | undefined {
  const width = words.length + 1;
  // reach[t * width + w]: tokens from t match words from w.
  const reach = new Uint8Array((tokens.length + 1) * width);
  reach[tokens.length * width + words.length] = 1;
  for (let t = tokens.length - 1; t >= 0; t--) {
    const token = tokens[t]!;
    for (let w = words.length; w >= 0; w--) {
      const ok =
        token.kind === 'any'
          ? reach[(t + 1) * width + w] === 1 || (w < words.length && reach[t * width + w + 1] === 1)
          : w < words.length && fits(token, words[w]!, w, comparison, lenient) && reach[(t + 1) * width + w + 1] === 1;
      if (ok) reach[t * width + w] = 1;
    }
  }
  if (reach[0] !== 1) return undefined;
  const named = new Set<number>();
  let w = 0;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t]!;
    if (token.kind === 'any') {
      while (reach[(t + 1) * width + w] !== 1) w++;
      continue;
    }
    if (token.kind === 'word') named.add(w);
    w++;
  }
  return named;
}

function fits(token: PatternToken, word: ShellWord, index: number, comparison: Comparison, lenient: boolean): boolean {
  if (word.expands) return lenient;
  if (token.kind === 'glob') return token.regex.test(comparison === 'written' ? word.raw : word.text);
  if (token.kind !== 'word') return true;
  if (comparison === 'written') return word.raw === token.word.raw;
  if (index === 0 && comparison === 'name') return nameOf(word.text) === nameOf(token.word.text);
  return word.text === token.word.text;
}

function nameOf(program: string): string {
  return program.slice(program.lastIndexOf('/') + 1);
}
