import { gitView } from './executing-options.js';
import { show } from './option-grammar.js';
import { assignedName, isRiskyAssignment, programName, splitShellWords, type ShellWord } from './shell-words.js';
import { OPAQUE_LAUNCHERS, WRAPPER_PROGRAMS, type WrappedCommand } from './wrapper-programs.js';

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
}

/**
 * What a command line runs (SPEC PM-3, PM-5): every program, as bash resolves it — quotes and
 * escapes removed, assignments before it skipped, through the wrappers the gate reads (`env`,
 * `timeout`, `sudo`, `bash -c`, `find -exec`, …) — or why the gate cannot tell.
 */
export type CommandAnalysis = { readonly views: readonly CommandView[] } | { readonly unjudgeable: string };

const MAX_DEPTH = 8;

/** Reads a command line without any of the characters the gate refuses outright. */
export function analyzeCommand(line: string): CommandAnalysis {
  const views: CommandView[] = [];
  const problem = readLine(line, views, 0, false, undefined);
  return problem === undefined ? { views } : { unjudgeable: problem };
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
  depth: number,
  wrapped: boolean,
  origin: ShellWord | undefined,
): string | undefined {
  const words = splitShellWords(line);
  if ('problem' in words) return `it cannot be read as the shell reads it: ${words.problem}`;
  return readWords(words, views, depth, wrapped, origin);
}

function readWords(
  all: readonly ShellWord[],
  views: CommandView[],
  depth: number,
  wrapped: boolean,
  origin: ShellWord | undefined,
): string | undefined {
  if (depth > MAX_DEPTH) return 'it wraps commands in commands too deeply to be judged';
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
  const from = origin ?? program;
  views.push({ words, program: name, wrapped, origin: from });
  if (name === 'git') {
    const git = gitView(words);
    if ('problem' in git) return git.problem;
    if (git.view !== undefined) views.push({ words: git.view, program: name, wrapped, origin: from });
    return undefined;
  }
  if (OPAQUE_LAUNCHERS.has(name)) {
    return `${show(program)} runs another program in a way the gate does not read, so the gate cannot tell which program runs`;
  }
  const unwrap = WRAPPER_PROGRAMS.get(name);
  if (unwrap === undefined) return undefined;
  const inner = unwrap(words);
  if ('problem' in inner) return `${show(program)} runs a command the gate cannot tell: ${inner.problem}`;
  for (const command of inner as readonly WrappedCommand[]) {
    // A command string read again comes from its word of the line as written (or from what that came from).
    const problem =
      'line' in command
        ? readLine(command.line, views, depth + 1, true, origin ?? command.source)
        : readWords(command.words, views, depth + 1, true, origin);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
