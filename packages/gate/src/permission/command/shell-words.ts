/**
 * One word of a simple command as bash reads it, after quote removal. Only lines without the
 * characters the gate refuses outright (`; | & \` $ > < ( )`, line breaks, NUL) are split, so no
 * word holds a substitution, a redirection or a second command.
 */
export interface ShellWord {
  /** The word after quote removal: `'rm'`, `"rm"`, `r''m` and `\rm` are all `rm`. */
  readonly text: string;
  /** The word as written. */
  readonly raw: string;
  /**
   * True when bash would expand the word into something else, or into several words: an unquoted
   * `*`, `?` or `[…]` (pathname expansion) or `{a,b}`/`{1..3}` (brace expansion) anywhere in it.
   */
  readonly expands: boolean;
  /** True when it starts with an unquoted `~` (tilde expansion of its first part). */
  readonly tilde: boolean;
  /** True when it is an assignment, `NAME=value` (also `NAME+=` and `NAME[i]=`), with NAME unquoted. */
  readonly assignment: boolean;
}

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]'"\\]*\])?\+?=/;
/** Pathname expansion (`*`, `?`, a `[…]` class) or brace expansion (`{a,b}`, `{1..3}`) in a word's unquoted characters. */
const GLOB = /[*?]|\[.*\]/;
const BRACES = /\{.*(?:,|\.\.).*\}/;

/**
 * Splits a command line into words as bash does for a simple command: blanks separate words;
 * single quotes keep everything; double quotes keep everything but `\"` and `\\`; a backslash
 * keeps the next character; an unquoted `#` at the start of a word begins a comment. A quote left
 * open, or a backslash at the very end, cannot be read: that is the problem returned.
 */
export function splitShellWords(line: string): readonly ShellWord[] | { readonly problem: string } {
  const words: ShellWord[] = [];
  let index = 0;
  while (index < line.length) {
    if (line[index] === ' ' || line[index] === '\t') {
      index++;
      continue;
    }
    if (line[index] === '#') break;
    const start = index;
    let text = '';
    // The word with every quoted or escaped character replaced by 'x': what expansion sees.
    let skeleton = '';
    while (index < line.length && line[index] !== ' ' && line[index] !== '\t') {
      const character = line[index]!;
      if (character === '\\') {
        if (index + 1 >= line.length) return { problem: 'it ends in a backslash' };
        text += line[index + 1];
        skeleton += 'x';
        index += 2;
      } else if (character === "'") {
        const end = line.indexOf("'", index + 1);
        if (end < 0) return { problem: 'it leaves a single quote open' };
        text += line.slice(index + 1, end);
        skeleton += 'x'.repeat(end - index - 1);
        index = end + 1;
      } else if (character === '"') {
        const read = readDoubleQuoted(line, index + 1);
        if (read === undefined) return { problem: 'it leaves a double quote open' };
        text += read.text;
        skeleton += 'x'.repeat(read.text.length);
        index = read.end + 1;
      } else {
        text += character;
        skeleton += character;
        index++;
      }
    }
    const raw = line.slice(start, index);
    words.push({
      text,
      raw,
      expands: GLOB.test(skeleton) || BRACES.test(skeleton),
      tilde: raw.startsWith('~'),
      assignment: ASSIGNMENT.test(raw),
    });
  }
  return words;
}

/** The text of a double-quoted part from `from` (after the opening quote) to its closing quote. */
function readDoubleQuoted(line: string, from: number): { readonly text: string; readonly end: number } | undefined {
  let text = '';
  for (let index = from; index < line.length; index++) {
    const character = line[index]!;
    if (character === '"') return { text, end: index };
    if (character === '\\' && (line[index + 1] === '"' || line[index + 1] === '\\')) {
      text += line[index + 1];
      index++;
    } else {
      text += character;
    }
  }
  return undefined;
}

/** The name a program word runs as: what follows its last `/` (`/bin/rm` and `./rm` run as `rm`). */
export function programName(word: ShellWord): string {
  const slash = word.text.lastIndexOf('/');
  return slash < 0 ? word.text : word.text.slice(slash + 1);
}

/**
 * Environment variables that change which program runs, or make a program load or run other code:
 * `PATH=. ls` may run anything, `LD_PRELOAD`, `BASH_ENV`, `GIT_PAGER`, `NODE_OPTIONS` and the like
 * run code the command line does not show; `BASH_FUNC_name%%` hands bash a function that stands in
 * for a command of that name.
 */
const RISKY_VARIABLE =
  /^(PATH|IFS|ENV|BASH_ENV|SHELLOPTS|BASHOPTS|PS4|PROMPT_COMMAND|CDPATH|GLOBIGNORE|LD_\w+|DYLD_\w+|\w*PAGER|\w*EDITOR|VISUAL|BROWSER|GIT_\w+|SSH_ASKPASS|SUDO_ASKPASS|LESSOPEN|LESSCLOSE|NODE_OPTIONS|NODE_PATH|PYTHON\w*|PERL5\w*|PERLLIB|RUBYOPT|RUBYLIB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|npm_config_\w+|NPM_CONFIG_\w+|MAKEFLAGS|MAKEFILES|TAR_OPTIONS|RSYNC_RSH|RSYNC_CONNECT_PROG|XDG_CONFIG_HOME|HOME|ZDOTDIR|BASH_FUNC_.*)$/;

/** The variable an assignment word sets (`FOO` of `FOO=1`, `a` of `a[0]+=x`). */
export function assignedName(word: ShellWord): string {
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(word.raw)?.[0] ?? '';
}

/** Whether an assignment sets a variable that changes which program runs or what it loads. */
export function isRiskyAssignment(name: string): boolean {
  return RISKY_VARIABLE.test(name);
}
