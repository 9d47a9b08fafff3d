/**
 * A COMMAND call judged part by part (SPEC RU-2): the line is planned once (`planCommand`); a deny
 * rule on any of its simple commands denies the whole line, and so does a line the gate cannot
 * read; an ask rule on any part asks; otherwise every part must be allowed — each by a rule of its
 * own — and every file a redirection opens must be one the file tools may open (`> x` as a Write
 * of `x`, `< x` as a Read).
 */
import { posix } from 'node:path';
import { allowGap, judgeRestrictive } from './command-judgement.js';
import { matchWords, type CommandPattern } from './command-pattern.js';
import { analyzePart, type CommandAnalysis } from './command-views.js';
import { planCommand, type PlannedCommand } from './parse-command.js';
import { show } from './option-grammar.js';
import { judgeRedirection, plainWord, type CommandRule, type FileVerdict } from './judge-redirection.js';

/** What the judgement needs of the permission checker. */
export interface CommandRuleBook<R extends CommandRule = CommandRule> {
  /** The tool's name, for sentences. */
  readonly toolName: string;
  readonly deny: readonly R[];
  readonly ask: readonly R[];
  readonly allow: readonly R[];
  /**
   * Rules approvers' "always" added (SPEC RU-4): a part one of them allows is not asked about, and
   * they allow parts as allow rules do. Deny rules still win.
   */
  readonly granted?: readonly R[];
  /** A rule's pattern as a COMMAND pattern, or why it is not one. */
  compile(pattern: string): CommandPattern | { readonly problem: string };
  /** How the file tools' rules judge opening `path` (absolute): a Write or a Read. */
  judgeFile(access: 'read' | 'write', path: string): FileVerdict<R>;
  /** The first deny rule of the file tools for that access: it fires on a file the gate cannot tell. */
  fileDenyRule(access: 'read' | 'write'): R | undefined;
}

/** One simple command of an allowed command line, and what allowed it (SPEC RU-2, RU-5). */
export interface JudgedPart {
  /** The command as written. */
  readonly command: string;
  /** The allow rule that allowed it; absent for a command that needs none (`cd src`, `X=1`). */
  readonly rule?: string;
  /** Why it may run, in a sentence. */
  readonly reason: string;
}

/** An allowed line's rule (the rules of its parts, once each) and its sentence; the parts of a compound line. */
export function allowance(parts: readonly JudgedPart[]): {
  readonly rule?: string;
  readonly reason: string;
  readonly parts?: readonly JudgedPart[];
} {
  const sources = [...new Set(parts.flatMap((part) => (part.rule === undefined ? [] : [part.rule])))];
  const rule = sources.length === 0 ? {} : { rule: sources.join(', ') };
  if (sources.length === 1 && parts.every((part) => part.rule === sources[0]))
    return { ...rule, reason: `Allowed by ${sources[0]}.` };
  if (parts.length === 1) return { ...rule, reason: `Allowed: ${parts[0]!.reason}.` };
  const each = parts.map(
    (part) =>
      `${show(plainWord(part.command))} ${part.rule !== undefined ? `by ${part.rule}` : `because ${part.reason}`}`,
  );
  return { ...rule, reason: `Allowed: ${each.join('; ')}.`, parts };
}

/** The line's judgement, before the approver is asked. */
export type CommandVerdict<R extends CommandRule = CommandRule> =
  | { readonly outcome: 'deny'; readonly rule: R; readonly reason: string }
  | { readonly outcome: 'ask'; readonly rule: R }
  | { readonly outcome: 'allow'; readonly parts: readonly JudgedPart[] }
  | { readonly outcome: 'default'; readonly reason: string };

/**
 * Judges the command line `line` run in `cwd` against the rule book. `describe` is how the call is
 * named in sentences (`the Bash command 'x'`).
 */
export function judgeCommandLine<R extends CommandRule>(
  line: string,
  cwd: string,
  book: CommandRuleBook<R>,
  describe: string,
): CommandVerdict<R> {
  const plan = planCommand(line);
  if ('refused' in plan) {
    const rule = book.deny.find((candidate) => candidate.pattern !== undefined) ?? book.deny[0];
    if (rule !== undefined)
      return {
        outcome: 'deny',
        rule,
        reason: `Permission denied: ${describe} cannot be judged against the deny rule ${rule.source}: ${plan.refused}.`,
      };
    const asked = book.ask[0];
    if (asked !== undefined) return { outcome: 'ask', rule: asked };
    // A bare allow rule (`Bash`) allows any command, one the gate cannot read included.
    const bare = book.allow.find((candidate) => candidate.pattern === undefined);
    if (bare !== undefined)
      return { outcome: 'allow', parts: [{ command: line, rule: bare.source, reason: `Allowed by ${bare.source}.` }] };
    return { outcome: 'default', reason: `Permission denied: ${describe} cannot be judged: ${plan.refused}.` };
  }
  const analyses = plan.commands.map((part) => analyzePart(part));
  // A line of several commands, or of one inside a construct (`if …; then x; fi`), names the part it judged.
  const compound = plan.commands.length > 1 || plan.commands.some((part) => part.text !== line.trim());
  const partName = (part: PlannedCommand): string =>
    compound ? `its command ${show(plainWord(part.text))}` : describe;

  // A deny rule on any part denies the whole line; so does a part it cannot judge.
  for (const rule of book.deny) {
    for (const [index, part] of plan.commands.entries()) {
      const judged = judgePart(rule, book, analyses[index]!);
      if (judged === undefined) continue;
      const subject = compound ? `${describe}: ${partName(part)}` : describe;
      return {
        outcome: 'deny',
        rule,
        reason:
          judged === 'match'
            ? `Permission denied: ${subject} matches the deny rule ${rule.source}.`
            : `Permission denied: ${subject} cannot be judged against the deny rule ${rule.source}: ${judged.replace(/\.$/, '')}.`,
      };
    }
  }
  const redirections = [
    ...plan.redirections,
    ...analyses.flatMap((analysis) => ('redirections' in analysis ? analysis.redirections : [])),
  ];
  const files = redirections.map((redirection) =>
    judgeRedirection(redirection, cwd, (access, path) => book.judgeFile(access, path), describe),
  );
  // Every file is looked at: one the gate cannot tell (`< $IN`) must not hide a denied one after it (`> .env`).
  const deniedFile = files.find((file) => file.verdict?.decidedBy === 'deny');
  if (deniedFile !== undefined)
    return { outcome: 'deny', rule: deniedFile.verdict!.rule!, reason: deniedFile.sentence! };
  for (const file of files) {
    if (file.refusal === undefined) continue;
    const rule = book.deny[0] ?? book.fileDenyRule(file.access);
    if (rule !== undefined)
      return {
        outcome: 'deny',
        rule,
        reason: `Permission denied: ${describe} cannot be judged against the deny rule ${rule.source}: ${file.refusal}.`,
      };
  }
  const granted = book.granted ?? [];
  // Every part allowed, each by a rule of its own (what a wrapper runs, by any allow rule's pattern).
  const allowRules = granted.length === 0 ? book.allow : [...granted, ...book.allow];
  const allowPatterns = allowRules.flatMap((rule) => {
    if (rule.pattern === undefined) return [];
    const compiled = book.compile(rule.pattern);
    return 'problem' in compiled ? [] : [compiled];
  });
  // A part an approver allowed always is not asked about again.
  const approved = (index: number): boolean =>
    granted.length > 0 &&
    'part' in allowPart(plan.commands[index]!, analyses[index]!, cwd, granted, book, allowPatterns);
  for (const rule of book.ask) {
    for (const [index, analysis] of analyses.entries())
      if (judgePart(rule, book, analysis) !== undefined && !approved(index)) return { outcome: 'ask', rule };
  }
  const askedFile = files.find((file) => file.verdict?.decidedBy === 'ask');
  if (askedFile !== undefined) return { outcome: 'ask', rule: askedFile.verdict!.rule! };

  const judgedParts: JudgedPart[] = [];
  for (const [index, part] of plan.commands.entries()) {
    const allowed = allowPart(part, analyses[index]!, cwd, allowRules, book, allowPatterns);
    if ('refusal' in allowed) {
      const listed = book.allow.map((rule) => rule.source).join(', ');
      const subject = compound ? `${describe}: ${partName(part)}` : describe;
      const reason =
        book.allow.length === 0
          ? `Permission denied: ${book.toolName} is not in the allow list. Add ${book.toolName} or ${book.toolName}(pattern) to allow it.`
          : allowed.refusal === undefined
            ? `Permission denied: ${subject} matches no allow rule (${listed}).${compound ? ' Each command of a compound command must be allowed on its own.' : ''}`
            : allowed.gapRule !== undefined
              ? `Permission denied: ${subject} is not covered by ${allowed.gapRule}: ${allowed.refusal}.`
              : `Permission denied: ${subject} cannot be allowed: ${allowed.refusal}.`;
      return { outcome: 'default', reason };
    }
    judgedParts.push(allowed.part);
  }
  // A line allowed by a bare rule (`Bash`) may run any command: its files answer to deny and ask rules only.
  const bare =
    judgedParts.length > 0 &&
    judgedParts.every(
      (part) => part.rule !== undefined && allowRules.find((rule) => rule.source === part.rule)?.pattern === undefined,
    );
  if (!bare) {
    const refused = files.find((file) => file.refusal !== undefined || file.verdict?.decidedBy !== 'allow');
    if (refused !== undefined) return { outcome: 'default', reason: refused.sentence! };
  }
  return { outcome: 'allow', parts: judgedParts };
}

/** How a deny or ask rule judges one part: `'match'`, the reason it cannot judge it, or `undefined` (no match). */
function judgePart(rule: CommandRule, book: CommandRuleBook, analysis: CommandAnalysis): 'match' | string | undefined {
  if (rule.pattern === undefined) return 'match';
  const pattern = book.compile(rule.pattern);
  if ('problem' in pattern) return `its rule cannot be read as a command pattern: ${pattern.problem}`;
  const judged = judgeRestrictive(pattern, analysis);
  if (judged.judgement === 'match') return 'match';
  if (judged.judgement === 'unjudgeable') return judged.reason ?? 'the gate cannot tell what it runs';
  return undefined;
}

/** A part allowed (by a rule, or as a command that needs none), or why not (`gapRule`: the rule that matched but does not cover it). */
function allowPart(
  part: PlannedCommand,
  analysis: CommandAnalysis,
  cwd: string,
  allowRules: readonly CommandRule[],
  book: CommandRuleBook,
  allowPatterns: readonly CommandPattern[],
): { readonly part: JudgedPart } | { readonly refusal: string | undefined; readonly gapRule?: string } {
  if ('unjudgeable' in analysis) {
    // Said against the first rule that matches it as written, as a rule that does not cover it.
    for (const rule of allowRules) {
      if (rule.pattern === undefined)
        return { part: { command: part.text, rule: rule.source, reason: `Allowed by ${rule.source}.` } };
      const pattern = book.compile(rule.pattern);
      if (!('problem' in pattern) && matchWords(pattern.tokens, part.words, 'written').judgement === 'match')
        return { refusal: analysis.unjudgeable, gapRule: rule.source };
    }
    return { refusal: undefined };
  }
  if (analysis.views.length === 0)
    return { part: { command: part.text, reason: 'it only sets shell variables, which runs nothing' } };
  const within = changesDirectoryWithin(part, cwd);
  if (within)
    return { part: { command: part.text, reason: 'it changes the folder to one within the working directory' } };
  let gap: { readonly refusal: string; readonly gapRule: string } | undefined;
  for (const rule of allowRules) {
    if (rule.pattern === undefined)
      return { part: { command: part.text, rule: rule.source, reason: `Allowed by ${rule.source}.` } };
    const pattern = book.compile(rule.pattern);
    if ('problem' in pattern) continue;
    const judged = matchWords(pattern.tokens, part.words, 'written');
    if (judged.judgement !== 'match') continue;
    const missing = allowGap(pattern, judged.named, part.words, allowPatterns, analysis);
    if (missing === undefined)
      return { part: { command: part.text, rule: rule.source, reason: `Allowed by ${rule.source}.` } };
    gap ??= { refusal: missing, gapRule: rule.source };
  }
  return gap ?? { refusal: undefined };
}

/** `cd <folder>` into the working directory or below it (every folder it may start from): it needs no rule. */
function changesDirectoryWithin(part: PlannedCommand, cwd: string): boolean {
  const words = part.words;
  if (words[0]?.text !== 'cd' || words[0].raw !== 'cd' || part.directories === undefined) return false;
  const operands = words.slice(1).filter((word, index) => !(index === 0 && word.text === '--'));
  if (operands.length !== 1) return false;
  const target = operands[0]!;
  if (target.expands || target.tilde || target.text === '' || target.text.startsWith('-')) return false;
  const base = posix.resolve(cwd);
  return part.directories.every((folder) => {
    const reached = posix.resolve(base, folder, target.text);
    return reached === base || reached.startsWith(base === '/' ? '/' : `${base}/`);
  });
}
