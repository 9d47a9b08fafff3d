import { matchWords, type CommandPattern, type Judgement } from './command-pattern.js';
import type { CommandAnalysis, CommandView } from './command-views.js';
import { executingOptions, hasExecutingOptions } from './executing-options.js';
import { show } from './option-grammar.js';
import type { ShellWord } from './shell-words.js';

/** A judgement, with the reason when the call cannot be judged. */
export interface CommandJudgement {
  readonly judgement: Judgement;
  readonly reason?: string;
}

const MATCH: CommandJudgement = Object.freeze({ judgement: 'match' });
const NO_MATCH: CommandJudgement = Object.freeze({ judgement: 'no-match' });

/**
 * How a deny or ask rule judges one simple command (SPEC PM-3, PM-5, RU-2): it fires on every
 * program the command runs, spelt any way bash accepts (`'rm'`, `\rm`, `/bin/rm`, `FOO=1 rm`,
 * `env rm`, `timeout 5 rm`, `bash -c 'rm x'`, `find -exec rm`); and when the gate cannot tell what
 * the command runs — an unreadable wrapper, a program the shell expands, an option that runs
 * another program — it is `unjudgeable`, on which deny and ask rules fire too.
 */
export function judgeRestrictive(pattern: CommandPattern, analysis: CommandAnalysis): CommandJudgement {
  if ('unjudgeable' in analysis) return { judgement: 'unjudgeable', reason: analysis.unjudgeable };
  let unjudgeable: string | undefined;
  for (const view of analysis.views) {
    const judged = matchWords(pattern.programTokens, view.words, 'name');
    if (judged.judgement === 'match') return MATCH;
    if (judged.judgement === 'unjudgeable')
      unjudgeable ??= `a word of ${showView(view)} is a pattern the shell expands, so the gate cannot tell what it runs`;
    const [running] = executingOptions(view.words);
    if (running !== undefined) unjudgeable ??= runsAnotherProgram(view, running.option);
  }
  return unjudgeable === undefined ? NO_MATCH : { judgement: 'unjudgeable', reason: unjudgeable };
}

/**
 * Why an allow rule that matches a simple command as written still does not cover it, or
 * `undefined` when it does (SPEC PM-3, RU-2): words a wildcard covers are not words the rule
 * names — an option among them that runs another program must be named, a word the shell expands
 * there must not be able to become one, and what a wrapper runs (`timeout 5 rm`, `bash -c '…'`)
 * must be allowed by an allow rule of its own; after a `cd`, a relative path the rule names may
 * name another file. `named` holds the indices of the command's words the rule names.
 */
export function allowGap(
  matched: CommandPattern,
  named: ReadonlySet<number>,
  words: readonly ShellWord[],
  allowPatterns: readonly CommandPattern[],
  analysis: CommandAnalysis,
): string | undefined {
  if ('unjudgeable' in analysis) return analysis.unjudgeable;
  const [top, ...others] = analysis.views;
  if (top === undefined) return undefined;
  // The top view's words are the command's words from its program on.
  const offset = words.length - top.words.length;
  const namedInTop = new Set([...named].map((index) => index - offset).filter((index) => index >= 0));
  if (top.moved) {
    const relative = [...namedInTop].map((index) => top.words[index]!).find(relativePath);
    if (relative !== undefined)
      return `it runs after a cd, so the relative path ${show(relative)} the rule names may be another file`;
  }
  if (!matched.wildcard) return undefined;
  const gap = uncoveredOption(top, namedInTop);
  if (gap !== undefined) return gap;
  for (const view of others) {
    if (!view.wrapped) continue;
    // A rule that names the word the program comes from (`Bash(bash scripts/x.sh:*)`) names the program too.
    const origin = top.words.indexOf(view.origin);
    if (origin >= 0 && namedInTop.has(origin)) continue;
    const covering = allowPatterns.find((pattern) => {
      const judged = matchWords(pattern.programTokens, view.words, 'text');
      if (judged.judgement !== 'match') return false;
      if (view.moved && [...judged.named].some((index) => relativePath(view.words[index]!))) return false;
      return !pattern.wildcard || uncoveredOption(view, judged.named) === undefined;
    });
    if (covering === undefined)
      return `it runs ${showView(view)} through a wrapper, and no allow rule covers that command`;
  }
  return undefined;
}

/** A word naming a file relative to the shell's folder: `./x`, `../x`, `bin/x` (not an option, not absolute). */
function relativePath(word: ShellWord): boolean {
  const text = word.text;
  return !text.startsWith('/') && !text.startsWith('-') && (text.includes('/') || text === '.' || text === '..');
}

/** The first option beyond the words a rule names that makes the program run another program, or could be one. */
function uncoveredOption(view: CommandView, named: ReadonlySet<number>): string | undefined {
  const option = executingOptions(view.words).find((found) => !named.has(found.index));
  if (option !== undefined)
    return `${runsAnotherProgram(view, option.option)}; an allow rule covers it only when it names the option`;
  if (!hasExecutingOptions(view.program)) return undefined;
  const expanding = view.words.find((word, index) => index > 0 && word.expands && !named.has(index));
  return expanding === undefined
    ? undefined
    : `its word ${show(expanding)} is expanded by the shell and could become an option that makes ${view.program} run another program`;
}

function runsAnotherProgram(view: CommandView, option: string): string {
  return `its option ${option.length > 80 ? `${option.slice(0, 80)}…` : option} makes ${view.program} run another program`;
}

function showView(view: CommandView): string {
  const text = view.words.map((word) => word.raw).join(' ');
  return show({ raw: text, text, expands: false, tilde: false, assignment: false });
}
