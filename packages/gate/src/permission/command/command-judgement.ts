import {
  judgeCommand,
  judgeWords,
  unjudgeableCommand,
  type CommandPattern,
  type Judgement,
} from './command-pattern.js';
import type { CommandAnalysis, CommandView } from './command-views.js';
import { executingOptions } from './executing-options.js';
import { show } from './option-grammar.js';

/** A judgement, with the reason when the call cannot be judged. */
export interface CommandJudgement {
  readonly judgement: Judgement;
  readonly reason?: string;
}

const MATCH: CommandJudgement = Object.freeze({ judgement: 'match' });
const NO_MATCH: CommandJudgement = Object.freeze({ judgement: 'no-match' });

/**
 * How a deny or ask rule judges a command (SPEC PM-3, PM-5): it fires on the line as written and
 * on every program the line runs, spelt any way bash accepts (`'rm'`, `\rm`, `/bin/rm`,
 * `FOO=1 rm`, `env rm`, `timeout 5 rm`, `bash -c 'rm x'`, `find -exec rm`); and when the gate cannot
 * tell what the line runs — an unreadable wrapper, a program the shell expands, an option that
 * runs another program — it is `unjudgeable`, on which deny and ask rules fire too.
 */
export function judgeRestrictive(
  pattern: CommandPattern,
  candidate: string,
  analysis: CommandAnalysis,
): CommandJudgement {
  const written = judgeCommand(pattern, candidate);
  if (written === 'match') return MATCH;
  if (written === 'unjudgeable') {
    // A refused character: it matches when it starts with the rule's command, and is unjudgeable otherwise.
    const starts = candidate === pattern.command || candidate.startsWith(`${pattern.command} `);
    return starts ? MATCH : { judgement: 'unjudgeable', reason: unjudgeableCommand(candidate) ?? 'it is empty' };
  }
  if ('unjudgeable' in analysis) return { judgement: 'unjudgeable', reason: analysis.unjudgeable };
  let unjudgeable: string | undefined;
  for (const view of analysis.views) {
    const judgement = judgeWords(pattern, view.words, true);
    if (judgement === 'match') return MATCH;
    if (judgement === 'unjudgeable')
      unjudgeable ??= `a word of ${showView(view)} is a pattern the shell expands, so the gate cannot tell what it runs`;
    const [running] = executingOptions(view.words);
    if (running !== undefined) unjudgeable ??= runsAnotherProgram(view, running.option);
  }
  return unjudgeable === undefined ? NO_MATCH : { judgement: 'unjudgeable', reason: unjudgeable };
}

/**
 * Why an allow rule that matches a command as written still does not cover it, or `undefined`
 * when it does (SPEC PM-3): a prefix rule for a program is not a rule for every program that
 * program can start — an option that runs another program must be named by the rule, and what a
 * wrapper runs (`timeout 5 rm`, `bash -c '…'`) must be allowed by an allow rule of its own. An
 * exact rule names the whole command and covers it.
 */
export function allowGap(
  matched: CommandPattern,
  allowPatterns: readonly CommandPattern[],
  analysis: CommandAnalysis,
): string | undefined {
  if (!matched.prefix) return undefined;
  if ('unjudgeable' in analysis) return analysis.unjudgeable;
  const [top, ...others] = analysis.views;
  if (top === undefined) return undefined;
  const gap = uncoveredOption(matched, top);
  if (gap !== undefined) return gap;
  for (const view of others) {
    if (!view.wrapped) continue;
    // A rule that names the word the program comes from (`Bash(bash scripts/x.sh:*)`) names the program too.
    const named = top.words.indexOf(view.origin);
    if (named >= 0 && named < matched.words.length) continue;
    const covering = allowPatterns.find(
      (pattern) => judgeWords(pattern, view.words, false) === 'match' && uncoveredOption(pattern, view) === undefined,
    );
    if (covering === undefined)
      return `it runs ${showView(view)} through a wrapper, and no allow rule covers that command`;
  }
  return undefined;
}

/** The first option of a command that runs another program, beyond the words the rule names. */
function uncoveredOption(pattern: CommandPattern, view: CommandView): string | undefined {
  if (!pattern.prefix) return undefined;
  const option = executingOptions(view.words).find((found) => found.index >= pattern.words.length);
  return option === undefined
    ? undefined
    : `${runsAnotherProgram(view, option.option)}; an allow rule covers it only when it names the option`;
}

function runsAnotherProgram(view: CommandView, option: string): string {
  return `its option ${option.length > 80 ? `${option.slice(0, 80)}…` : option} makes ${view.program} run another program`;
}

function showView(view: CommandView): string {
  const text = view.words.map((word) => word.raw).join(' ');
  return show({ raw: text, text, expands: false, tilde: false, assignment: false });
}
