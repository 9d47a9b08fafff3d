/**
 * A call explained part by part (SPEC RU-5): the gate's verdict on it, with the sentence the model
 * would read, and for each part of it — each simple command of a command line, each file its
 * redirections open, or the path of a file tool — the rule that decided that part and why. Nothing
 * runs and no approver is asked.
 *
 * The verdict and its sentence are the permission checker's own. The parts are judged here the way
 * the command-line judgement judges a line (`command/command-call.ts`), from the same pieces (the
 * line's plan, each part's analysis, the deny and ask rules' judgement of a part, an allow rule's
 * gap, each redirection's files judged by the file tools' rules); the few steps of that judgement
 * it does not export — a part's deny or ask judgement, a part's allowance, a `cd` within the working
 * directory — are written again below. When the parts would add up to another verdict than the
 * checker's, or another deciding rule, they are left out rather than shown: the explanation never
 * disagrees with the gate.
 */
import { posix } from 'node:path';
import { SubjectKind, ToolInput, type Tool } from '@toolwright/core';
import { subjectOf } from './call-under-judgement.js';
import { allowGap, judgeRestrictive } from './command/command-judgement.js';
import { compileCommandPattern, matchWords, type CommandPattern } from './command/command-pattern.js';
import { analyzePart, type CommandAnalysis } from './command/command-views.js';
import { judgeRedirection, type FileVerdict, type JudgedFile } from './command/judge-redirection.js';
import { planCommand, type PlannedCommand, type PlannedRedirection } from './command/parse-command.js';
import type { PermissionConfig, PermissionDecision } from './permission-config.js';
import { PermissionChecker } from './permission-checker.js';
import { parsePermissionRule, type PermissionRule } from './permission-rule.js';
import { confineToWorkingDirectory } from './working-directory-confinement.js';

/** What the rules make of a call, or of one part of it. */
export type ExplainedVerdict = 'allow' | 'ask' | 'deny';

/** One part of a call and what decided it. */
export interface ExplainedPart {
  /** A simple command of a command line, a file a redirection opens, or the subject of any other call. */
  readonly kind: 'command' | 'redirection' | 'subject';
  /** The part as written: the command without its redirections, the redirection (`> out.txt`), or the path. */
  readonly text: string;
  /** What the rules make of this part alone. */
  readonly verdict: ExplainedVerdict;
  /** The rule that decided it; absent when none did (no rule allows it, or it needs none). */
  readonly rule?: string;
  /** Why, in a few words: `allowed by Bash(git:*)`, `denied by Bash(rm:*)`, `needs no rule: …`, `not allowed: …`. */
  readonly reason: string;
  /** True for the part the gate's sentence names: the one that decided the call. */
  readonly decides?: boolean;
}

/** A call explained (SPEC RU-5). */
export interface CallExplanation {
  /** The tool called. */
  readonly tool: string;
  /** The gate's verdict: `ask` when an ask rule would put the call to an approver. */
  readonly verdict: ExplainedVerdict;
  /** The rule that denied the call or asks about it; for an allowed call, the rules that allowed it. */
  readonly rule?: string;
  /** The gate's sentence: what the model reads when the call is refused (without an approver, an ask refuses). */
  readonly reason: string;
  /** Each part of the call and what decided it (empty when the gate judged the call whole). */
  readonly parts: readonly ExplainedPart[];
}

/** The file tools whose rules judge the files a redirection opens, as the checker judges them. */
const FILE_TOOLS = {
  write: fileTool('Write', ['Edit']),
  read: fileTool('Read', []),
} as const;

function fileTool(name: string, aliases: readonly string[]): Tool {
  return Object.freeze({
    name,
    permissionAliases: Object.freeze([...aliases]),
    permissionSubject: (input: ToolInput) => ({ kind: SubjectKind.PATH, value: input.getString('file_path', '') }),
  }) as unknown as Tool;
}

/**
 * Explains a call of `tool` (one of `tools`) with `input`, run in `cwd`, under `permissions` (or,
 * without them, under the working-directory confinement of tools that take a path). Throws
 * `INVALID_PERMISSION_RULE` for a configuration the gate would refuse.
 */
export async function explainCall(
  tools: readonly Tool[],
  tool: Tool,
  input: ToolInput,
  cwd: string,
  permissions: PermissionConfig | undefined,
): Promise<CallExplanation> {
  if (permissions === undefined) return withoutRules(tool, input, cwd);
  const checker = PermissionChecker.create(permissions, tools);
  const decision = await checker.check(tool, input, cwd);
  const verdict: ExplainedVerdict = decision.allowed ? 'allow' : decision.decidedBy === 'ask' ? 'ask' : 'deny';
  const explained = {
    tool: tool.name,
    verdict,
    ...(decision.rule === undefined ? {} : { rule: decision.rule }),
    reason: decision.reason,
  };
  const { subject, failed } = subjectOf(tool, input);
  if (subject?.kind !== 'COMMAND' || subject.value === '' || failed)
    return { ...explained, parts: subject === undefined ? [] : [subjectPart(subject.value, decision, verdict)] };
  const book = await ruleBook(permissions, tool, checker, cwd, subject.value);
  const line = explainLine(subject.value, cwd, book);
  const agrees =
    line.verdict === verdict &&
    (verdict === 'allow' ? line.parts.every((part) => part.verdict === 'allow') : line.rule === decision.rule);
  return { ...explained, parts: agrees ? line.parts : [] };
}

/** The one part of a call judged whole: its subject, and the decision's rule. */
function subjectPart(value: string, decision: PermissionDecision, verdict: ExplainedVerdict): ExplainedPart {
  const rule = decision.decidedBy === 'none' ? undefined : decision.rule;
  const reason =
    decision.decidedBy === 'none'
      ? verdict === 'allow'
        ? 'allowed: it lies in the working directory'
        : 'not allowed: without permission rules, a path must lie in the working directory'
      : verdict === 'allow'
        ? rule === undefined
          ? 'allowed'
          : `allowed by ${rule}`
        : verdict === 'ask'
          ? `needs approval: ${rule}`
          : decision.decidedBy === 'deny'
            ? `denied by ${rule}`
            : 'not allowed';
  return {
    kind: 'subject',
    text: decision.path ?? value,
    verdict,
    ...(rule === undefined ? {} : { rule }),
    reason,
    decides: true,
  };
}

/** A call on a gate without rules: tools with a path are confined to the working directory, others are not judged here. */
function withoutRules(tool: Tool, input: ToolInput, cwd: string): CallExplanation {
  const decision = confineToWorkingDirectory(tool, input, cwd);
  if (decision === undefined)
    return {
      tool: tool.name,
      verdict: 'allow',
      reason: `No permission rules are configured, and without them only tools that take a path are judged (confined to the working directory); ${tool.name} is left to the safety policy.`,
      parts: [],
    };
  const verdict: ExplainedVerdict = decision.allowed ? 'allow' : 'deny';
  const { subject } = subjectOf(tool, input);
  return {
    tool: tool.name,
    verdict,
    ...(decision.rule === undefined ? {} : { rule: decision.rule }),
    reason: decision.allowed
      ? `Allowed: without permission rules, ${tool.name} may touch the working directory.`
      : decision.reason,
    parts: subject === undefined ? [] : [subjectPart(subject.value, decision, verdict)],
  };
}

/** The rules a command line is judged by: the tool's own, in configuration order, and the file tools' verdicts on its files. */
interface RuleBook {
  readonly toolName: string;
  readonly deny: readonly PermissionRule[];
  readonly ask: readonly PermissionRule[];
  readonly allow: readonly PermissionRule[];
  readonly compile: (pattern: string) => CommandPattern | { readonly problem: string };
  readonly judgeFile: (access: 'read' | 'write', path: string) => FileVerdict<PermissionRule>;
  readonly fileDenyRule: (access: 'read' | 'write') => PermissionRule | undefined;
}

async function ruleBook(
  permissions: PermissionConfig,
  tool: Tool,
  checker: PermissionChecker,
  cwd: string,
  line: string,
): Promise<RuleBook> {
  const names = new Set([tool.name, ...(Array.isArray(tool.permissionAliases) ? tool.permissionAliases : [])]);
  const rules = (list: 'deny' | 'ask' | 'allow', of: ReadonlySet<string>): PermissionRule[] =>
    (permissions[list] ?? []).flatMap((entry) => {
      const rule = parsePermissionRule(entry, list);
      return 'problem' in rule || !of.has(rule.toolName) ? [] : [rule];
    });
  const compiled = new Map<string, CommandPattern | { readonly problem: string }>();
  const compile = (pattern: string) => {
    let found = compiled.get(pattern);
    if (found === undefined) compiled.set(pattern, (found = compileCommandPattern(pattern)));
    return found;
  };
  const verdicts = await fileVerdicts(line, cwd, checker);
  const writeDeny = rules('deny', new Set(['Write', 'Edit']))[0];
  const readDeny = rules('deny', new Set(['Read']))[0];
  return {
    toolName: tool.name,
    deny: rules('deny', names),
    ask: rules('ask', names),
    allow: rules('allow', names),
    compile,
    judgeFile: (access, path) =>
      verdicts.get(`${access}\0${path}`) ?? { decidedBy: 'default', reason: 'the file was not judged' },
    fileDenyRule: (access) => (access === 'write' ? writeDeny : readDeny),
  };
}

/**
 * The file tools' verdicts on every file the line's redirections may open, asked of the checker
 * (which answers an ask rule only once an approver could be asked): each redirection is walked once
 * to learn its files, then judged against these verdicts.
 */
async function fileVerdicts(
  line: string,
  cwd: string,
  checker: PermissionChecker,
): Promise<Map<string, FileVerdict<PermissionRule>>> {
  const files: { access: 'read' | 'write'; path: string }[] = [];
  for (const redirection of redirectionsOf(line))
    judgeRedirection(
      redirection,
      cwd,
      (access, path) => {
        files.push({ access, path });
        return { decidedBy: 'allow', reason: '' };
      },
      '',
    );
  const verdicts = new Map<string, FileVerdict<PermissionRule>>();
  for (const { access, path } of files) {
    const key = `${access}\0${path}`;
    if (verdicts.has(key)) continue;
    const decision = await checker.check(FILE_TOOLS[access], ToolInput.of({ file_path: path }), cwd);
    const rule = decision.rule === undefined ? undefined : ({ source: decision.rule } as PermissionRule);
    const reason =
      decision.decidedBy === 'deny'
        ? `it matches the deny rule ${decision.rule}`
        : decision.decidedBy === 'ask'
          ? `it needs approval (${decision.rule})`
          : decision.reason;
    const decidedBy = decision.allowed ? 'allow' : decision.decidedBy === 'none' ? 'default' : decision.decidedBy;
    verdicts.set(key, { decidedBy, ...(rule === undefined ? {} : { rule }), reason });
  }
  return verdicts;
}

/** Every redirection of a line, its wrapped commands' included, as the judgement reads them. */
function redirectionsOf(line: string): PlannedRedirection[] {
  const plan = planCommand(line);
  if ('refused' in plan) return [];
  return [
    ...plan.redirections,
    ...plan.commands.flatMap((part) => {
      const analysis = analyzePart(part);
      return 'redirections' in analysis ? analysis.redirections : [];
    }),
  ];
}

/** A line's parts explained, and the verdict and deciding rule they add up to (as `judgeCommandLine` decides). */
function explainLine(
  line: string,
  cwd: string,
  book: RuleBook,
): { readonly verdict: ExplainedVerdict; readonly rule?: string; readonly parts: readonly ExplainedPart[] } {
  const plan = planCommand(line);
  if ('refused' in plan) {
    const part = (verdict: ExplainedVerdict, rule: string | undefined, reason: string) => ({
      verdict,
      ...(rule === undefined ? {} : { rule }),
      parts: [
        {
          kind: 'command',
          text: line,
          verdict,
          ...(rule === undefined ? {} : { rule }),
          reason,
          decides: true,
        } as const,
      ],
    });
    const deny = book.deny.find((candidate) => candidate.pattern !== undefined) ?? book.deny[0];
    if (deny !== undefined)
      return part('deny', deny.source, `denied by ${deny.source}: it cannot be judged: ${plan.refused}`);
    const ask = book.ask[0];
    if (ask !== undefined)
      return part('ask', ask.source, `needs approval: ${ask.source}: it cannot be judged: ${plan.refused}`);
    const bare = book.allow.find((candidate) => candidate.pattern === undefined);
    if (bare !== undefined) return part('allow', bare.source, `allowed by ${bare.source}, which allows any command`);
    return part('deny', undefined, `not allowed: it cannot be judged: ${plan.refused}`);
  }
  const analyses = plan.commands.map((part) => analyzePart(part));
  const commands = plan.commands.map((part, index) => commandPart(part, analyses[index]!, cwd, book));
  const redirections = [
    ...plan.redirections,
    ...analyses.flatMap((analysis) => ('redirections' in analysis ? analysis.redirections : [])),
  ];
  const files = redirections.map((redirection) => ({
    redirection,
    file: judgeRedirection(redirection, cwd, book.judgeFile, ''),
  }));
  const bare =
    commands.length > 0 &&
    commands.every((part) => part.allowedBy !== undefined && part.allowedBy.pattern === undefined);
  const fileParts = files.map(({ redirection, file }) => filePart(redirection, file, book, bare));
  const parts: ExplainedPart[] = [...commands.map(explainedOnly), ...fileParts];

  // The line's verdict, in the order the gate finds it: deny rules on the commands, then denied
  // files, then ask rules on the commands, then asked files, then the allowances.
  const decide = (index: number, verdict: ExplainedVerdict, rule?: string) => {
    parts[index] = { ...parts[index]!, decides: true };
    return { verdict, ...(rule === undefined ? {} : { rule }), parts };
  };
  for (const rule of book.deny) {
    const index = commands.findIndex((part) => part.verdict === 'deny' && part.firingDeny.includes(rule));
    if (index >= 0) return decide(index, 'deny', rule.source);
  }
  const deniedFile = files.findIndex(({ file }) => file.verdict?.decidedBy === 'deny' || file.refusal !== undefined);
  if (deniedFile >= 0) {
    const { file } = files[deniedFile]!;
    const rule = file.refusal !== undefined ? (book.deny[0] ?? book.fileDenyRule(file.access)) : file.verdict!.rule;
    if (rule !== undefined) return decide(commands.length + deniedFile, 'deny', rule.source);
  }
  for (const rule of book.ask) {
    const index = commands.findIndex((part) => part.firingAsk.includes(rule));
    if (index >= 0) return decide(index, 'ask', rule.source);
  }
  const askedFile = files.findIndex(({ file }) => file.verdict?.decidedBy === 'ask');
  if (askedFile >= 0) return decide(commands.length + askedFile, 'ask', files[askedFile]!.file.verdict!.rule!.source);
  const refusedCommand = commands.findIndex((part) => part.allowed === false);
  if (refusedCommand >= 0) return decide(refusedCommand, 'deny');
  if (!bare) {
    const refused = files.findIndex(({ file }) => file.refusal !== undefined || file.verdict?.decidedBy !== 'allow');
    if (refused >= 0) return decide(commands.length + refused, 'deny');
  }
  return { verdict: 'allow', parts };
}

/** A simple command explained, with what the line's verdict needs to know of it. */
interface CommandPart extends ExplainedPart {
  /** The deny rules that fire on it, in configuration order. */
  readonly firingDeny: readonly PermissionRule[];
  /** The ask rules that fire on it. */
  readonly firingAsk: readonly PermissionRule[];
  /** Whether an allow rule (or no rule needed) lets it run, whatever the deny and ask rules say. */
  readonly allowed: boolean;
  /** The allow rule that allowed it. */
  readonly allowedBy?: PermissionRule;
}

/** What a command part shows, without what only the line's verdict reads. */
function explainedOnly(part: CommandPart): ExplainedPart {
  const { firingDeny: _deny, firingAsk: _ask, allowed: _allowed, allowedBy: _allowedBy, ...shown } = part;
  return shown;
}

function commandPart(part: PlannedCommand, analysis: CommandAnalysis, cwd: string, book: RuleBook): CommandPart {
  const firing = (rules: readonly PermissionRule[]) =>
    rules.flatMap((rule) => {
      const judged = restrictiveJudgement(rule, book, analysis);
      return judged === undefined ? [] : [{ rule, judged }];
    });
  const denied = firing(book.deny);
  const asked = firing(book.ask);
  const allowance = allowPart(part, analysis, cwd, book);
  const base = {
    kind: 'command',
    text: part.text,
    firingDeny: denied.map(({ rule }) => rule),
    firingAsk: asked.map(({ rule }) => rule),
    allowed: 'rule' in allowance || 'needsNone' in allowance,
    ...('rule' in allowance ? { allowedBy: allowance.rule } : {}),
  } as const;
  const [deny] = denied;
  if (deny !== undefined)
    return {
      ...base,
      verdict: 'deny',
      rule: deny.rule.source,
      reason: `denied by ${deny.rule.source}${deny.judged === 'match' ? '' : `: it cannot be judged: ${deny.judged.replace(/\.$/, '')}`}`,
    };
  const [ask] = asked;
  if (ask !== undefined)
    return {
      ...base,
      verdict: 'ask',
      rule: ask.rule.source,
      reason: `needs approval: ${ask.rule.source}${ask.judged === 'match' ? '' : `: it cannot be judged: ${ask.judged.replace(/\.$/, '')}`}`,
    };
  if ('rule' in allowance)
    return { ...base, verdict: 'allow', rule: allowance.rule.source, reason: `allowed by ${allowance.rule.source}` };
  if ('needsNone' in allowance) return { ...base, verdict: 'allow', reason: `needs no rule: ${allowance.needsNone}` };
  const reason =
    book.allow.length === 0
      ? `not allowed: ${book.toolName} is not in the allow list`
      : allowance.refusal === undefined
        ? 'not allowed: no allow rule matches it'
        : allowance.gapRule !== undefined
          ? `not allowed: ${allowance.gapRule.source} matches it but does not cover it: ${allowance.refusal}`
          : `not allowed: ${allowance.refusal}`;
  return { ...base, verdict: 'deny', reason };
}

/** A file a redirection opens, explained; under a bare allow rule (`bare`) only deny and ask rules refuse it. */
function filePart(
  redirection: PlannedRedirection,
  file: JudgedFile<PermissionRule>,
  book: RuleBook,
  bare: boolean,
): ExplainedPart {
  const base = { kind: 'redirection', text: redirection.text } as const;
  const bareRule = book.allow.find((rule) => rule.pattern === undefined)?.source;
  const lets = (): ExplainedPart => ({
    ...base,
    verdict: 'allow',
    ...(bareRule === undefined ? {} : { rule: bareRule }),
    reason: `allowed by ${bareRule}, which lets any command run: its files answer to deny and ask rules only`,
  });
  if (file.refusal !== undefined) {
    const rule = book.deny[0] ?? book.fileDenyRule(file.access);
    if (rule !== undefined)
      return {
        ...base,
        verdict: 'deny',
        rule: rule.source,
        reason: `denied by ${rule.source}: ${file.refusal}, so it cannot be judged`,
      };
    return bare ? lets() : { ...base, verdict: 'deny', reason: `not allowed: ${file.refusal}` };
  }
  const verdict = file.verdict!;
  const rule = verdict.rule?.source;
  switch (verdict.decidedBy) {
    case 'deny':
      return { ...base, verdict: 'deny', rule: rule!, reason: `denied by ${rule}` };
    case 'ask':
      return { ...base, verdict: 'ask', rule: rule!, reason: `needs approval: ${rule}` };
    case 'allow':
      return rule === undefined
        ? { ...base, verdict: 'allow', reason: 'needs no rule: it opens only a device that holds nothing' }
        : { ...base, verdict: 'allow', rule, reason: `allowed by ${rule}` };
    case 'default':
      return bare
        ? lets()
        : { ...base, verdict: 'deny', reason: `not allowed: ${verdict.reason.replace(/^Permission denied: /, '')}` };
  }
}

/** How a deny or ask rule judges one part: `'match'`, why it cannot tell, or `undefined` when it does not fire. */
function restrictiveJudgement(
  rule: PermissionRule,
  book: RuleBook,
  analysis: CommandAnalysis,
): 'match' | string | undefined {
  if (rule.pattern === undefined) return 'match';
  const pattern = book.compile(rule.pattern);
  if ('problem' in pattern) return `its rule cannot be read as a command pattern: ${pattern.problem}`;
  const judged = judgeRestrictive(pattern, analysis);
  if (judged.judgement === 'match') return 'match';
  if (judged.judgement === 'unjudgeable') return judged.reason ?? 'the gate cannot tell what it runs';
  return undefined;
}

/** A part's allowance: the allow rule that covers it, why it needs none, or why none does (`gapRule`: one that matched but does not cover it). */
function allowPart(
  part: PlannedCommand,
  analysis: CommandAnalysis,
  cwd: string,
  book: RuleBook,
):
  | { readonly rule: PermissionRule }
  | { readonly needsNone: string }
  | { readonly refusal: string | undefined; readonly gapRule?: PermissionRule } {
  if ('unjudgeable' in analysis) {
    for (const rule of book.allow) {
      if (rule.pattern === undefined) return { rule };
      const pattern = book.compile(rule.pattern);
      if (!('problem' in pattern) && matchWords(pattern.tokens, part.words, 'written').judgement === 'match')
        return { refusal: analysis.unjudgeable, gapRule: rule };
    }
    return { refusal: undefined };
  }
  if (analysis.views.length === 0) return { needsNone: 'it only sets shell variables, which runs nothing' };
  if (changesDirectoryWithin(part, cwd))
    return { needsNone: 'it changes the folder to one within the working directory' };
  const allowPatterns = book.allow.flatMap((rule) => {
    if (rule.pattern === undefined) return [];
    const compiled = book.compile(rule.pattern);
    return 'problem' in compiled ? [] : [compiled];
  });
  let gap: { readonly refusal: string; readonly gapRule: PermissionRule } | undefined;
  for (const rule of book.allow) {
    if (rule.pattern === undefined) return { rule };
    const pattern = book.compile(rule.pattern);
    if ('problem' in pattern) continue;
    const judged = matchWords(pattern.tokens, part.words, 'written');
    if (judged.judgement !== 'match') continue;
    const missing = allowGap(pattern, judged.named, part.words, allowPatterns, analysis);
    if (missing === undefined) return { rule };
    gap ??= { refusal: missing, gapRule: rule };
  }
  return gap ?? { refusal: undefined };
}

/** `cd <folder>` into the working directory or below it, from every folder it may start in: it needs no rule. */
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
