import { gitView } from './executing-options.js';
import { show } from './option-grammar.js';
import { joinDirectory, planCommand, type PlannedCommand, type PlannedRedirection } from './parse-command.js';
import { assignedName, isRiskyAssignment, programName, type ShellWord } from './shell-words.js';
import { OPAQUE_LAUNCHERS } from './opaque-launchers.js';
import { WRAPPER_PROGRAMS, type WrappedCommand } from './wrapper-programs.js';

/** One program a command line runs, with its arguments: `words[0]` is the program as written. */
export interface CommandView {
  readonly words: readonly ShellWord[];
  /** The program's name as it runs: the last part of its path (`/bin/rm` → `rm`). */
  readonly program: string;
  /** Whether a wrapper runs it (the line's own program is not wrapped). */
  readonly wrapped: boolean;
  /**
   * The word of the line as written that this program comes from: its program word, or the
   * command string (`bash -c '…'`) it was read from. A rule that names that word names the program.
   */
  readonly origin: ShellWord;
  /**
   * True when an earlier `cd` may have moved the shell: a relative path in its words (`./build.sh`)
   * may name another file than in the call's working directory.
   */
  readonly moved: boolean;
}

/**
 * What one simple command runs (SPEC PM-3, PM-5, RU-2): every program, as bash resolves it —
 * quotes and escapes removed, assignments before it skipped, through the wrappers the gate reads
 * (`env`, `timeout`, `sudo`, `bash -c`, `find -exec`, …) — and the files the command lines those
 * wrappers run redirect to; or why the gate cannot tell.
 */
export type CommandAnalysis =
  | { readonly views: readonly CommandView[]; readonly redirections: readonly PlannedRedirection[] }
  | { readonly unjudgeable: string };

/** Where a command runs and what it reads, as the walk through wrappers carries it. */
interface Context {
  readonly depth: number;
  readonly wrapped: boolean;
  readonly origin: ShellWord | undefined;
  readonly directories: readonly string[] | undefined;
  /** The literal text of its standard input, when known. */
  readonly stdin: string | undefined;
  /** Words are added from input or file names (`xargs`, `find -exec`). */
  readonly fed: boolean;
}

/** Programs that read commands: handed words from input or file names, they run what those say. */
const SHELLS = new Set([
  'bash',
  'sh',
  'dash',
  'ash',
  'zsh',
  'ksh',
  'mksh',
  'lksh',
  'pdksh',
  'yash',
  'posh',
  'rbash',
  'eval',
  'trap',
]);

const MAX_DEPTH = 8;

/** Reads one simple command of a planned line. */
export function analyzePart(part: PlannedCommand): CommandAnalysis {
  const views: CommandView[] = [];
  const redirections: PlannedRedirection[] = [];
  const problem = readWords(part.words, views, redirections, {
    depth: 0,
    wrapped: false,
    origin: undefined,
    directories: part.directories,
    stdin: part.stdin,
    fed: false,
  });
  return problem === undefined ? { views, redirections } : { unjudgeable: problem };
}

/** Why an assignment keeps the gate from telling what runs, or `undefined` for one that does not. */
export function riskyAssignment(word: ShellWord): string | undefined {
  const name = assignedName(word);
  return isRiskyAssignment(name)
    ? `it sets ${name}, which changes which program runs or what it loads, so the gate cannot tell what runs`
    : undefined;
}

function readLine(
  line: string,
  views: CommandView[],
  redirections: PlannedRedirection[],
  context: Context,
): string | undefined {
  const plan = planCommand(line);
  if ('refused' in plan) return `the command line ${show(plainWord(line))} it runs cannot be judged: ${plan.refused}`;
  for (const redirection of plan.redirections)
    redirections.push({ ...redirection, directories: within(context.directories, redirection.directories) });
  for (const command of plan.commands) {
    const problem = readWords(command.words, views, redirections, {
      ...context,
      directories: within(context.directories, command.directories),
      stdin: command.stdin,
      fed: false,
    });
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** Folders `inner` (relative to where a command line runs) as seen from the call's working directory. */
function within(
  outer: readonly string[] | undefined,
  inner: readonly string[] | undefined,
): readonly string[] | undefined {
  if (outer === undefined || inner === undefined) return undefined;
  const joined = new Set<string>();
  for (const from of outer) for (const folder of inner) joined.add(joinDirectory(from, folder));
  return [...joined];
}

function plainWord(text: string): ShellWord {
  return { raw: text, text, expands: false, tilde: false, assignment: false };
}

function readWords(
  all: readonly ShellWord[],
  views: CommandView[],
  redirections: PlannedRedirection[],
  context: Context,
): string | undefined {
  if (context.depth > MAX_DEPTH) return 'it wraps commands in commands too deeply to be judged';
  let words = all;
  // Assignments before the program, and the reserved words that run what follows them.
  for (;;) {
    const first = words[0];
    if (first === undefined) return undefined;
    if (first.assignment) {
      const risky = riskyAssignment(first);
      if (risky !== undefined) return risky;
      words = words.slice(1);
    } else if (first.raw === '!' || first.raw === 'coproc') {
      words = words.slice(1);
    } else break;
  }
  const program = words[0]!;
  if (program.expands || (program.tilde && !program.text.includes('/'))) {
    return `its program ${show(program)} is a pattern the shell expands, so the gate cannot tell which program runs`;
  }
  const name = programName(program);
  const from = context.origin ?? program;
  const moved = context.directories === undefined || context.directories.some((folder) => folder !== '');
  views.push({ words, program: name, wrapped: context.wrapped, origin: from, moved });
  if (context.fed && SHELLS.has(name))
    return `${show(program)} is handed words from input or file names, and as a shell it would run what they say, so the gate cannot tell what runs`;
  if (name === 'git') {
    const git = gitView(words);
    if ('problem' in git) return git.problem;
    if (git.view !== undefined)
      views.push({ words: git.view, program: name, wrapped: context.wrapped, origin: from, moved });
    return undefined;
  }
  if (OPAQUE_LAUNCHERS.has(name)) {
    return `${show(program)} runs another program in a way the gate does not read, so the gate cannot tell which program runs`;
  }
  const unwrap = WRAPPER_PROGRAMS.get(name);
  if (unwrap === undefined) return undefined;
  const inner = unwrap(words);
  if ('problem' in inner) return `${show(program)} runs a command the gate cannot tell: ${inner.problem}`;
  const deeper = { ...context, depth: context.depth + 1, wrapped: true };
  for (const command of inner as readonly WrappedCommand[]) {
    let problem: string | undefined;
    if ('input' in command) {
      // A shell reading its input: the commands are those of a literal here-document or here-string.
      problem =
        context.stdin === undefined
          ? `${show(program)} reads the commands it runs from its standard input, which the gate cannot read; give them with -c, or as a quoted here-document`
          : readLine(context.stdin, views, redirections, {
              ...deeper,
              origin: context.origin ?? program,
              stdin: undefined,
            });
    } else if ('line' in command) {
      // A command string read again comes from its word of the line as written (or from what that came from).
      problem = readLine(command.line, views, redirections, { ...deeper, origin: context.origin ?? command.source });
    } else {
      problem = readWords(command.words, views, redirections, {
        ...deeper,
        ...(command.fed === true ? { fed: true, stdin: undefined } : {}),
      });
    }
    if (problem !== undefined) return problem;
  }
  return undefined;
}
