/**
 * A COMMAND call judged part by part (SPEC RU-2): the line is planned once (`planCommand`); a deny
 * rule on any of its simple commands denies the whole line, and so does a line the gate cannot
 * read; an ask rule on any part asks; otherwise every part must be allowed — each by a rule of its
 * own — and every file a redirection opens must be one the file tools may open (`> x` as a Write
 * of `x`, `< x` as a Read).
 */
import { homedir } from 'node:os';
import { posix } from 'node:path';
import { allowGap, judgeRestrictive } from './command-judgement.js';
import { matchWords, type CommandPattern } from './command-pattern.js';
import { analyzePart, type CommandAnalysis } from './command-views.js';
import { planCommand, type PlannedCommand, type PlannedRedirection } from './parse-command.js';
import { show } from './option-grammar.js';

/** A rule as the judgement reads it: as written, and its pattern (absent for a bare `Name`). */
export interface CommandRule {
  readonly source: string;
  readonly pattern?: string;
}

/** What the judgement needs of the permission checker. */
export interface CommandRuleBook<R extends CommandRule = CommandRule> {
  /** The tool's name, for sentences. */
  readonly toolName: string;
  readonly deny: readonly R[];
  readonly ask: readonly R[];
  readonly allow: readonly R[];
  /** A rule's pattern as a COMMAND pattern, or why it is not one. */
  compile(pattern: string): CommandPattern | { readonly problem: string };
  /** How the file tools' rules judge opening `path` (absolute): a Write or a Read. */
  judgeFile(access: 'read' | 'write', path: string): FileVerdict<R>;
  /** The first deny rule of the file tools for that access: it fires on a file the gate cannot tell. */
  fileDenyRule(access: 'read' | 'write'): R | undefined;
}

/** How the file tools' rules judge a file a redirection opens. */
export interface FileVerdict<R extends CommandRule = CommandRule> {
  readonly decidedBy: 'deny' | 'ask' | 'allow' | 'default';
  readonly rule?: R;
  /** The decision's sentence, for a refusal. */
  readonly reason: string;
}

/** One simple command of the line, with the rule that decided it. */
export interface JudgedPart {
  /** The command as written. */
  readonly command: string;
  /** The rule that allows it, or how it passes without one. */
  readonly rule?: string;
  readonly reason: string;
}

/** The line's judgement, before the approver is asked. */
export type CommandVerdict<R extends CommandRule = CommandRule> =
  | { readonly outcome: 'deny'; readonly rule: R; readonly reason: string }
  | { readonly outcome: 'ask'; readonly rule: R; readonly parts?: readonly JudgedPart[] }
  | { readonly outcome: 'allow'; readonly parts: readonly JudgedPart[] }
  | { readonly outcome: 'default'; readonly reason: string; readonly parts?: readonly JudgedPart[] };

/** Files a redirection may open without a rule: they hold nothing and keep nothing. */
const HARMLESS_FILES = /^\/dev\/(?:null|stdin|stdout|stderr|fd\/[0-9]+)$/;
/** Files bash opens as network connections. */
const NETWORK_FILES = /^\/dev\/(?:tcp|udp)\//;

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
  const files = redirections.map((redirection) => judgeRedirection(redirection, cwd, book, describe));
  const deniedFile = files.find((file) => file.verdict?.decidedBy === 'deny' || file.refusal !== undefined);
  if (deniedFile !== undefined) {
    if (deniedFile.refusal !== undefined) {
      const rule = book.deny[0] ?? book.fileDenyRule(deniedFile.access);
      if (rule !== undefined)
        return {
          outcome: 'deny',
          rule,
          reason: `Permission denied: ${describe} cannot be judged against the deny rule ${rule.source}: ${deniedFile.refusal}.`,
        };
    } else return { outcome: 'deny', rule: deniedFile.verdict!.rule!, reason: deniedFile.sentence! };
  }
  for (const rule of book.ask) {
    for (const analysis of analyses) if (judgePart(rule, book, analysis) !== undefined) return { outcome: 'ask', rule };
  }
  const askedFile = files.find((file) => file.verdict?.decidedBy === 'ask');
  if (askedFile !== undefined) return { outcome: 'ask', rule: askedFile.verdict!.rule! };

  // Every part allowed, each by a rule of its own.
  const judgedParts: JudgedPart[] = [];
  for (const [index, part] of plan.commands.entries()) {
    const allowed = allowPart(part, analyses[index]!, cwd, book);
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
      return { outcome: 'default', reason, parts: judgedParts };
    }
    judgedParts.push(allowed.part);
  }
  // A line allowed by a bare rule (`Bash`) may run any command: its files answer to deny and ask rules only.
  const bare =
    judgedParts.length > 0 &&
    judgedParts.every(
      (part) => part.rule !== undefined && book.allow.find((rule) => rule.source === part.rule)?.pattern === undefined,
    );
  if (!bare) {
    const refused = files.find((file) => file.refusal !== undefined || file.verdict?.decidedBy !== 'allow');
    if (refused !== undefined) return { outcome: 'default', reason: refused.sentence!, parts: judgedParts };
  }
  return { outcome: 'allow', parts: judgedParts };
}

function plainWord(text: string) {
  return { raw: text, text, expands: false, tilde: false, assignment: false };
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
  book: CommandRuleBook,
): { readonly part: JudgedPart } | { readonly refusal: string | undefined; readonly gapRule?: string } {
  if ('unjudgeable' in analysis) {
    // Said against the first rule that matches it as written, as a rule that does not cover it.
    for (const rule of book.allow) {
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
  const patterns = book.allow.flatMap((rule) => {
    if (rule.pattern === undefined) return [];
    const compiled = book.compile(rule.pattern);
    return 'problem' in compiled ? [] : [compiled];
  });
  let gap: { readonly refusal: string; readonly gapRule: string } | undefined;
  for (const rule of book.allow) {
    if (rule.pattern === undefined)
      return { part: { command: part.text, rule: rule.source, reason: `Allowed by ${rule.source}.` } };
    const pattern = book.compile(rule.pattern);
    if ('problem' in pattern) continue;
    const judged = matchWords(pattern.tokens, part.words, 'written');
    if (judged.judgement !== 'match') continue;
    const missing = allowGap(pattern, judged.named, part.words, patterns, analysis);
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

const RANK = { allow: 0, ask: 1, default: 2, deny: 3 } as const;

interface JudgedFile<R extends CommandRule> {
  readonly access: 'read' | 'write';
  readonly verdict?: FileVerdict<R>;
  /** Why the file cannot be judged at all. */
  readonly refusal?: string;
  /** The sentence for the model when the file refuses the line. */
  readonly sentence?: string;
}

/** Judges the files one redirection may open (one per folder the command may run in). */
function judgeRedirection<R extends CommandRule>(
  redirection: PlannedRedirection,
  cwd: string,
  book: CommandRuleBook<R>,
  describe: string,
): JudgedFile<R> {
  const shown = show(plainWord(redirection.text));
  const access = redirection.access;
  const cannot = (why: string): JudgedFile<R> => ({
    access,
    refusal: `its redirection ${shown} ${why}`,
    sentence: `Permission denied: ${describe} cannot be allowed: its redirection ${shown} ${why}.`,
  });
  if (redirection.expands) return cannot('opens a file the shell expands, which the gate cannot tell');
  let target = redirection.target;
  if (target.startsWith('~')) {
    if (target !== '~' && !target.startsWith('~/'))
      return cannot("opens a file in another user's home, which the gate does not follow");
    target = posix.join(homedir(), target.slice(1));
  }
  if (target === '') return cannot('opens no file');
  const paths = target.startsWith('/')
    ? [posix.resolve(target)]
    : redirection.directories === undefined
      ? undefined
      : [...new Set(redirection.directories.map((folder) => posix.resolve(cwd, folder, target)))];
  if (paths === undefined)
    return cannot('opens a file relative to a folder an earlier command moved to in a way the gate does not follow');
  const verb = redirection.access === 'write' ? 'writes' : 'reads';
  const tool = redirection.access === 'write' ? 'Write' : 'Read';
  let allowed: (JudgedFile<R> & { readonly verdict: FileVerdict<R> }) | undefined;
  for (const path of paths) {
    if (HARMLESS_FILES.test(path)) continue;
    if (NETWORK_FILES.test(path))
      return cannot('opens a network connection (bash reads /dev/tcp and /dev/udp as sockets)');
    const verdict = book.judgeFile(redirection.access, path);
    const sentence =
      verdict.decidedBy === 'deny'
        ? `Permission denied: ${describe} ${verb} ${show(plainWord(path))} through its redirection ${shown}, which the deny rule ${verdict.rule!.source} forbids.`
        : `Permission denied: ${describe} ${verb} ${show(plainWord(path))} through its redirection ${shown}, and ${tool} of that file is not allowed: ${verdict.reason.replace(/^Permission denied: /, '')}`;
    if (verdict.decidedBy === 'deny') return { access, verdict, sentence };
    // The strictest of the files decides: a file no rule allows outweighs one an approver may allow.
    if (allowed === undefined || RANK[verdict.decidedBy] > RANK[allowed.verdict.decidedBy])
      allowed = { access, verdict, sentence };
  }
  return allowed ?? { access, verdict: { decidedBy: 'allow', reason: 'a harmless device' } };
}
