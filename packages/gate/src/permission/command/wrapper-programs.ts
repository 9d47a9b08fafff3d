import { readOption, readOptions, show, type OptionGrammar } from './option-grammar.js';
import { isRiskyAssignment, splitShellWords, type ShellWord } from './shell-words.js';

/**
 * A command a wrapper runs: its words as they stand (`fed` when the wrapper adds words it reads
 * from input or from file names, as `xargs` and `find -exec` do), a command line it hands to a
 * shell (read from the word `source`), or the commands a shell reads from its standard input.
 */
export type WrappedCommand =
  | { readonly words: readonly ShellWord[]; readonly fed?: true }
  | { readonly line: string; readonly source: ShellWord | undefined }
  | { readonly input: true };

/** What a wrapper program runs: the commands (none, for `env` alone or `timeout --help`), or why the gate cannot tell. */
export type Unwrapped = readonly WrappedCommand[] | { readonly problem: string };

/** Reads the words after a wrapper's name (`words[0]` is the wrapper itself). */
type Unwrap = (words: readonly ShellWord[]) => Unwrapped;

/** A wrapper whose options come first and whose first operand is the command it runs. */
function optionsThenCommand(grammar: OptionGrammar, operandsBefore = 0, fed = false): Unwrap {
  return (words) => {
    const read = readOptions(words, 1, grammar);
    if ('problem' in read) return read;
    if (read.given.some((option) => option.name === 'help' || option.name === 'version')) return [];
    for (let index = read.next; index < read.next + operandsBefore; index++) {
      if (words[index]?.expands === true)
        return { problem: `its operand ${show(words[index]!)} is a pattern the shell expands` };
    }
    const rest = words.slice(read.next + operandsBefore);
    if (rest.length === 0) return [];
    return fed ? [{ words: rest, fed: true }] : [{ words: rest }];
  };
}

const HELP = ['help', 'version'];

/** `env [options] [NAME=value]... [command]`; `-S` splits a string into more words, read as if written there. */
const env: Unwrap = (words) => {
  const grammar: OptionGrammar = {
    flags: 'iv0',
    valued: 'uCSP',
    longFlags: ['ignore-environment', 'null', 'debug', 'list-signal-handling', ...HELP],
    longValued: ['unset', 'chdir', 'split-string'],
    longOptional: ['block-signal', 'default-signal', 'ignore-signal'],
  };
  let current: readonly ShellWord[] = words;
  let index = 1;
  for (let splits = 0; ;) {
    const read = readOption(current, index, grammar);
    if ('problem' in read) return read;
    if (read.given.length === 0) break;
    if (read.given.some((option) => HELP.includes(option.name) || option.name === 'list-signal-handling')) return [];
    index = read.next;
    if (read.ended === true) break;
    const split = read.given.find((option) => option.name === 'S' || option.name === 'split-string');
    if (split === undefined) continue;
    // The split words stand where the option was, and are read as if written there.
    if (++splits > 8) return { problem: 'it splits strings into words too many times' };
    const parts = splitShellWords(split.value ?? '');
    if ('problem' in parts) return { problem: `the string of its option -S cannot be read: ${parts.problem}` };
    current = [...current.slice(0, index), ...parts, ...current.slice(index)];
  }
  while (index < current.length && current[index]!.text.includes('=')) {
    const word = current[index]!;
    if (word.expands) return { problem: `its word ${show(word)} is a pattern the shell expands` };
    const name = word.text.slice(0, word.text.indexOf('='));
    if (isRiskyAssignment(name))
      return { problem: `it sets ${name}, which changes which program runs or what it loads` };
    index++;
  }
  const rest = current.slice(index);
  return rest.length === 0 ? [] : [{ words: rest }];
};

/** `bash [options] -c 'command line' [name [args]]`, or `bash [options] script [args]`. */
const shell: Unwrap = (words) => {
  let command = false;
  let fromInput = false;
  let informative = false;
  let index = 1;
  for (; index < words.length; index++) {
    const word = words[index]!;
    if (word.expands) return { problem: `its option word ${show(word)} is a pattern the shell expands` };
    const text = word.text;
    if (text === '--' || text === '-') {
      index++;
      break;
    }
    if (text.startsWith('--')) {
      if (text === '--help' || text === '--version') informative = true;
      if (['--rcfile', '--init-file'].includes(text)) index++;
      else if (!SHELL_LONG_FLAGS.has(text))
        return { problem: `it gives the shell option ${show(word)}, which the gate does not know` };
      continue;
    }
    if (!/^[-+]/.test(text) || text.length === 1) break;
    for (const letter of text.slice(1)) {
      if (letter === 'c' && text.startsWith('-')) command = true;
      else if (letter === 's' && text.startsWith('-')) fromInput = true;
      else if (letter === 'o' || letter === 'O') index++;
      else if (!SHELL_FLAGS.includes(letter))
        return { problem: `it gives the shell option -${letter}, which the gate does not know` };
    }
  }
  if (informative) return [];
  const operand = words[index];
  if (command) {
    if (operand === undefined) return { problem: 'its option -c has no command string' };
    if (operand.expands) return { problem: 'its command string is a pattern the shell expands' };
    return [{ line: operand.text, source: operand }];
  }
  // No script, or -s: the shell reads the commands it runs from its standard input.
  if (operand === undefined || fromInput) return [{ input: true }];
  return [{ words: words.slice(index) }];
};
const SHELL_FLAGS = 'abefhkmnptuvxBCEHPTilrsD';
const SHELL_LONG_FLAGS = new Set(
  [
    'norc',
    'noprofile',
    'login',
    'posix',
    'restricted',
    'verbose',
    'debugger',
    'dump-strings',
    'dump-po-strings',
    'help',
    'version',
    'noediting',
    'pretty-print',
    'wordexp',
  ].map((name) => `--${name}`),
);

/** `eval words...`: the words joined by spaces, read again as a command line. */
const evaluate: Unwrap = (words) => {
  const rest = words.slice(1).filter((word, index) => index > 0 || word.text !== '--');
  const expanding = rest.find((word) => word.expands);
  if (expanding !== undefined) return { problem: `its word ${show(expanding)} is a pattern the shell expands` };
  return rest.length === 0 ? [] : [{ line: rest.map((word) => word.text).join(' '), source: rest.at(-1) }];
};

/** `trap [-lp] [command signal...]`: the command line runs later, on a signal or at EXIT. */
const trap: Unwrap = (words) => {
  let index = 1;
  // `trap -p` and `trap -l` print; `trap INT` (one word) and `trap - INT` reset: none runs anything.
  if (['-p', '-l', '-P'].includes(words[index]?.text ?? '')) return [];
  if (words[index]?.text === '--') index++;
  const line = words[index];
  if (line === undefined || words.length === index + 1 || line.text === '-') return [];
  if (line.expands) return { problem: 'its command string is a pattern the shell expands' };
  return [{ line: line.text, source: line }];
};

/** `flock [options] file command...`, `flock [options] file -c 'command line'`, or `flock [options] fd`. */
const flock: Unwrap = (words) => {
  const read = readOptions(words, 1, {
    flags: 'sxenouF',
    valued: 'wE',
    longFlags: ['shared', 'exclusive', 'unlock', 'nonblock', 'nb', 'close', 'no-fork', 'verbose', ...HELP],
    longValued: ['wait', 'timeout', 'conflict-exit-code'],
  });
  if ('problem' in read) return read;
  const file = words[read.next];
  if (file === undefined || read.given.some((option) => HELP.includes(option.name))) return [];
  if (file.expands) return { problem: `its lock file ${show(file)} is a pattern the shell expands` };
  const next = words[read.next + 1];
  if (next === undefined) return [];
  if (next.text === '-c' || next.text === '--command') {
    const line = words[read.next + 2];
    if (line === undefined) return [];
    return line.expands
      ? { problem: 'its command string is a pattern the shell expands' }
      : [{ line: line.text, source: line }];
  }
  return [{ words: words.slice(read.next + 1) }];
};

/** `find paths... expression`: each `-exec`, `-execdir`, `-ok` and `-okdir` runs a command, up to its `+`. */
const find: Unwrap = (words) => {
  const commands: WrappedCommand[] = [];
  for (let index = 1; index < words.length; index++) {
    const word = words[index]!;
    if (word.expands) return { problem: `its word ${show(word)} is a pattern the shell expands` };
    if (!['-exec', '-execdir', '-ok', '-okdir'].includes(word.text)) continue;
    let end = index + 1;
    while (end < words.length && words[end]!.text !== '+' && words[end]!.text !== ';') end++;
    const command = words.slice(index + 1, end);
    const expanding = command.find((part) => part.expands && part.text !== '{}');
    if (expanding !== undefined) return { problem: `its word ${show(expanding)} is a pattern the shell expands` };
    if (command.length > 0) commands.push({ words: command, fed: true });
    index = end;
  }
  return commands;
};

/** `busybox applet args...`: the applet is the program. */
const multiCall: Unwrap = (words) => {
  const applet = words[1];
  if (applet === undefined || applet.text.startsWith('-')) return [];
  return [{ words: words.slice(1) }];
};

/**
 * The wrapper programs the gate reads (SPEC PM-3): what runs behind them is judged too, so a deny
 * rule for `rm` fires on `env rm`, `timeout 5 rm`, `sudo -u x rm` or `bash -c 'rm -f x'`.
 */
export const WRAPPER_PROGRAMS: ReadonlyMap<string, Unwrap> = new Map<string, Unwrap>([
  ['env', env],
  ['command', optionsThenCommand({ flags: 'pvV' })],
  ['builtin', optionsThenCommand({})],
  ['exec', optionsThenCommand({ flags: 'cl', valued: 'a' })],
  ['eval', evaluate],
  ['nice', optionsThenCommand({ valued: 'n', longValued: ['adjustment'], longFlags: HELP, numeric: true })],
  ['nohup', optionsThenCommand({ longFlags: HELP })],
  [
    'timeout',
    optionsThenCommand(
      {
        flags: 'fpv',
        valued: 'sk',
        longFlags: ['foreground', 'preserve-status', 'verbose', ...HELP],
        longValued: ['signal', 'kill-after'],
      },
      1,
    ),
  ],
  ['stdbuf', optionsThenCommand({ valued: 'ioe', longValued: ['input', 'output', 'error'], longFlags: HELP })],
  ['setsid', optionsThenCommand({ flags: 'cfwVh', longFlags: ['ctty', 'fork', 'wait', ...HELP] })],
  [
    'time',
    optionsThenCommand({
      flags: 'pavq',
      valued: 'fo',
      longFlags: ['append', 'verbose', 'quiet', 'portability', ...HELP],
      longValued: ['format', 'output'],
    }),
  ],
  [
    'sudo',
    optionsThenCommand({
      flags: 'AbBEeHiKklNnPSsVvh',
      valued: 'aCcDgpRrtTUu',
      longFlags: [
        'askpass',
        'background',
        'bell',
        'edit',
        'login',
        'remove-timestamp',
        'reset-timestamp',
        'list',
        'non-interactive',
        'preserve-groups',
        'stdin',
        'shell',
        'validate',
        ...HELP,
      ],
      longValued: [
        'close-from',
        'chdir',
        'group',
        'host',
        'prompt',
        'chroot',
        'role',
        'type',
        'command-timeout',
        'other-user',
        'user',
      ],
      longOptional: ['preserve-env'],
    }),
  ],
  [
    'xargs',
    optionsThenCommand(
      {
        flags: '0oprtx',
        valued: 'adEILnPs',
        attached: 'eil',
        longFlags: ['null', 'open-tty', 'interactive', 'no-run-if-empty', 'verbose', 'exit', 'show-limits', ...HELP],
        longValued: ['arg-file', 'delimiter', 'max-lines', 'max-args', 'max-procs', 'max-chars', 'process-slot-var'],
        longOptional: ['eof', 'replace'],
      },
      0,
      true,
    ),
  ],
  ['flock', flock],
  ['trap', trap],
  ['find', find],
  ['busybox', multiCall],
  ['toybox', multiCall],
  ...['bash', 'sh', 'dash', 'ash', 'zsh', 'ksh', 'mksh', 'lksh', 'pdksh', 'yash', 'posh', 'rbash'].map(
    (name): [string, Unwrap] => [name, shell],
  ),
]);
