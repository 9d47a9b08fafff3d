import { show } from './option-grammar.js';
import { programName, type ShellWord } from './shell-words.js';

/**
 * An option that makes a program run another program (SPEC PM-3, PM-5): `git -c core.pager=…`,
 * `git rebase --exec …`, `tar --to-command=…`, `rsync -e …`. An allow rule for the program covers
 * it only when the rule names it; a deny or ask rule fires on it, since the gate cannot tell what it runs.
 */
export interface ExecutingOption {
  /** The index of the option's word in the command's words. */
  readonly index: number;
  /** The option as written, for the message. */
  readonly option: string;
}

/** Finds a program's executing options in its words (`words[0]` is the program). */
type Finder = (words: readonly ShellWord[]) => ExecutingOption[];

/**
 * Git's options before its subcommand: `[name, takes a value in the next word]`. `-c` and
 * `--config-env` set configuration, which can name programs to run; `--exec-path=` says where git
 * finds its subcommands.
 */
const GIT_GLOBAL_OPTIONS = new Map<string, boolean>([
  ['-C', true],
  ['-c', true],
  ['--config-env', true],
  ['--git-dir', true],
  ['--work-tree', true],
  ['--namespace', true],
  ['--list-cmds', true],
  ['--attr-source', true],
  ['--super-prefix', true],
  ...[
    '-v',
    '--version',
    '-h',
    '--help',
    '--html-path',
    '--man-path',
    '--info-path',
    '-p',
    '--paginate',
    '-P',
    '--no-pager',
    '--no-replace-objects',
    '--no-lazy-fetch',
    '--no-optional-locks',
    '--no-advice',
    '--bare',
    '--literal-pathspecs',
    '--glob-pathspecs',
    '--noglob-pathspecs',
    '--icase-pathspecs',
    '--exec-path',
  ].map((name): [string, boolean] => [name, false]),
]);

/** Configuration keys known to name no program: `git -c color.ui=always log` runs only git. */
function harmlessGitKey(setting: string): boolean {
  const key = setting.split('=')[0]!;
  const parts = key.split('.');
  if (parts.length < 2) return false;
  const section = parts[0]!.toLowerCase();
  const name = parts.at(-1)!.toLowerCase();
  if (['color', 'advice', 'i18n'].includes(section)) return parts.length === 2 || section === 'color';
  const pairs: Record<string, readonly string[]> = {
    user: ['name', 'email'],
    core: ['quotepath', 'autocrlf', 'safecrlf'],
    init: ['defaultbranch'],
    column: ['ui'],
  };
  return parts.length === 2 && (pairs[section] ?? []).includes(name);
}

/** Subcommand options that run a program, by subcommand: long names, and short letters. */
const GIT_SUBCOMMAND_OPTIONS: Record<string, { readonly long: readonly string[]; readonly short: string }> = {
  clone: { long: ['--upload-pack', '--template', '--config'], short: 'uc' },
  fetch: { long: ['--upload-pack'], short: '' },
  pull: { long: ['--upload-pack'], short: '' },
  'ls-remote': { long: ['--upload-pack'], short: '' },
  'fetch-pack': { long: ['--upload-pack', '--exec'], short: '' },
  push: { long: ['--receive-pack', '--exec'], short: '' },
  'send-pack': { long: ['--receive-pack', '--exec'], short: '' },
  archive: { long: ['--exec'], short: '' },
  rebase: { long: ['--exec'], short: 'x' },
  difftool: { long: ['--extcmd'], short: 'x' },
  grep: { long: ['--open-files-in-pager'], short: 'O' },
};
/** Subcommands that run a command they are given: `git submodule foreach cmd`, `git bisect run cmd`, … */
const GIT_RUNNING_ACTIONS: Record<string, string> = { submodule: 'foreach', bisect: 'run' };
const GIT_CONFIG_READS = [
  '--get',
  '--get-all',
  '--get-regexp',
  '--get-urlmatch',
  '--get-color',
  '--get-colorbool',
  '-l',
  '--list',
  'get',
  'list',
];

/** Where git's subcommand stands, after its global options (or `undefined` when there is none, or a word expands). */
function gitSubcommand(words: readonly ShellWord[]): { readonly index: number } | { readonly problem: string } {
  let index = 1;
  while (index < words.length) {
    const word = words[index]!;
    if (word.expands) return { problem: `git's option word ${show(word)} is a pattern the shell expands` };
    const text = word.text;
    if (!text.startsWith('-')) break;
    const name = text.startsWith('--') && text.includes('=') ? text.slice(0, text.indexOf('=')) : text;
    const valued = GIT_GLOBAL_OPTIONS.get(name);
    if (valued === undefined) break; // git refuses an unknown option and runs nothing
    index += valued && !text.includes('=') ? 2 : 1;
  }
  return { index };
}

const git: Finder = (words) => {
  const found: ExecutingOption[] = [];
  let index = 1;
  while (index < words.length && words[index]!.text.startsWith('-')) {
    const text = words[index]!.text;
    const value = words[index + 1]?.text ?? '';
    if (text === '-c' && !harmlessGitKey(value)) found.push({ index, option: `-c ${value}` });
    if (text === '--config-env' && !harmlessGitKey(value)) found.push({ index, option: `--config-env ${value}` });
    if (text.startsWith('--config-env=') && !harmlessGitKey(text.slice(13))) found.push({ index, option: text });
    if (text.startsWith('--exec-path=')) found.push({ index, option: text });
    const name = text.startsWith('--') && text.includes('=') ? text.slice(0, text.indexOf('=')) : text;
    const valued = GIT_GLOBAL_OPTIONS.get(name);
    if (valued === undefined) return found;
    index += valued && !text.includes('=') ? 2 : 1;
  }
  const subcommand = words[index]?.text;
  if (subcommand === undefined) return found;
  const rest = words.slice(index + 1);
  const options = GIT_SUBCOMMAND_OPTIONS[subcommand];
  const end = rest.findIndex((word) => word.text === '--');
  const scanned = end < 0 ? rest : rest.slice(0, end);
  for (const [offset, word] of scanned.entries()) {
    const text = word.text;
    const at = index + 1 + offset;
    if (options !== undefined) {
      const long = options.long.find((name) => text === name || text.startsWith(`${name}=`));
      if (
        long !== undefined ||
        (options.short !== '' &&
          /^-[A-Za-z]+/.test(text) &&
          [...text.slice(1)].some((letter) => options.short.includes(letter)))
      ) {
        found.push({ index: at, option: `${subcommand} ${text}` });
      }
    }
    if (GIT_RUNNING_ACTIONS[subcommand] === text) found.push({ index: at, option: `${subcommand} ${text}` });
    if (subcommand === 'filter-branch' && /^--(\w+-filter|setup)(=|$)/.test(text))
      found.push({ index: at, option: `filter-branch ${text}` });
  }
  if (subcommand === 'config' && !scanned.some((word) => GIT_CONFIG_READS.includes(word.text))) {
    found.push({ index, option: 'config (writing configuration, which can name programs git runs later)' });
  }
  return found;
};

/** Options of a program given as `[long names, short letters]`, each of which runs another program. */
function optionsNamed(long: readonly string[], short: string, program: string): Finder {
  return (words) => {
    const found: ExecutingOption[] = [];
    for (const [index, word] of words.entries()) {
      if (index === 0) continue;
      const text = word.text;
      if (text === '--') break;
      const isLong = long.some((name) => text === name || text.startsWith(`${name}=`));
      const isShort =
        short !== '' &&
        /^-[A-Za-z]/.test(text) &&
        !text.startsWith('--') &&
        [...text.slice(1)].some((letter) => short.includes(letter));
      if (isLong || isShort) found.push({ index, option: `${program} ${text}` });
    }
    return found;
  };
}

/** ssh's `-o` settings and `-F` files that run a local program. */
function sshOptions(program: string, short: string): Finder {
  const named = optionsNamed([], short, program);
  return (words) => {
    const found = named(words);
    for (const [index, word] of words.entries()) {
      const setting = word.text.startsWith('-o')
        ? word.text.length > 2
          ? word.text.slice(2)
          : (words[index + 1]?.text ?? '')
        : '';
      if (
        /^\s*(proxycommand|localcommand|knownhostscommand|permitlocalcommand|remotecommand|include)\b/i.test(setting)
      ) {
        found.push({ index, option: `${program} -o ${setting}` });
      }
    }
    return found;
  };
}

/** Programs with options that run other programs, and how to find them. */
const FINDERS: ReadonlyMap<string, Finder> = new Map<string, Finder>([
  ['git', git],
  [
    'tar',
    optionsNamed(
      [
        '--to-command',
        '--use-compress-program',
        '--checkpoint-action',
        '--info-script',
        '--new-volume-script',
        '--rsh-command',
        '--rmt-command',
      ],
      'IF',
      'tar',
    ),
  ],
  ['rsync', optionsNamed(['--rsh', '--rsync-path'], 'e', 'rsync')],
  ['sort', optionsNamed(['--compress-program'], '', 'sort')],
  ['zip', optionsNamed(['--unzip-command', '-TT'], '', 'zip')],
  ['man', optionsNamed(['--pager', '--html'], 'PH', 'man')],
  ['ssh', sshOptions('ssh', 'F')],
  ['scp', sshOptions('scp', 'FS')],
  ['sftp', sshOptions('sftp', 'FS')],
]);

/** Whether the gate knows options of this program (by name) that make it run another program. */
export function hasExecutingOptions(program: string): boolean {
  return FINDERS.has(program);
}

/** The options of a command (`words[0]` its program) that make it run another program. */
export function executingOptions(words: readonly ShellWord[]): readonly ExecutingOption[] {
  const program = words[0];
  if (program === undefined) return [];
  const finder = FINDERS.get(programName(program));
  if (finder === undefined) return [];
  return finder(words);
}

/**
 * Git's words as a deny rule reads them: the subcommand right after `git`, its global options left
 * out (`git -C repo --no-pager push` is a `git push`); no second view when there are none.
 */
export function gitView(
  words: readonly ShellWord[],
): { readonly view?: readonly ShellWord[] } | { readonly problem: string } {
  const subcommand = gitSubcommand(words);
  if ('problem' in subcommand) return subcommand;
  return subcommand.index === 1 ? {} : { view: [words[0]!, ...words.slice(subcommand.index)] };
}
