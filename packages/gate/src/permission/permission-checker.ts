import { ToolInput, ToolwrightError, type Tool } from '@toolwright/core';
import { CallUnderJudgement, subjectOf } from './call-under-judgement.js';
import { allowance, judgeCommandLine, type CommandRuleBook } from './command/command-call.js';
import type { FileVerdict } from './command/judge-redirection.js';
import type { Judgement } from './command/command-pattern.js';
import { CompiledPatterns, type CompiledPattern } from './compiled-patterns.js';
import { couldMatchBelow, matchFolder, matchPath, type PathPattern } from './path-pattern.js';
import type { Approver, PathPermit, PermissionConfig, PermissionDecision } from './permission-config.js';
import { askApprover, denialWithoutMatch } from './permission-reasons.js';
import { parsePermissionRule, type PermissionRule } from './permission-rule.js';
import { normalizePermitPath } from './show-subject.js';

/** A rule of a path permit: its compiled pattern, or what it answers for every path (no pattern, or none that can be read). */
type PermitPattern = PathPattern | boolean;

/** Whether a permit's rule matches a path (a folder also as `X/`, and, when `below`, as a way to what it may match). */
function permitMatches(pattern: PermitPattern, path: string, folder: boolean, below: boolean): boolean {
  if (typeof pattern === 'boolean') return pattern;
  if (!folder) return matchPath(pattern, path);
  return matchFolder(pattern, path) || (below && couldMatchBelow(pattern, path));
}

/** An ask rule's decision, once the approver has answered (a function apart: other calls make no closure). */
function askedDecision(base: object, asked: Promise<Omit<PermissionDecision, 'subject'>>): Promise<PermissionDecision> {
  return asked.then((answer) => ({ ...base, ...answer }) as PermissionDecision);
}

/** The subjects of the files a command's redirections open: judged by the Write (and Edit) rules, or the Read rules. */
const FILE_TOOLS = {
  write: Object.freeze({ name: 'Write', permissionAliases: Object.freeze(['Edit']) }) as unknown as Tool,
  read: Object.freeze({ name: 'Read' }) as unknown as Tool,
} as const;

/** Why a rule an approver's "always" added allows a call. */
function grantedReason(rule: PermissionRule): string {
  return `Allowed by ${rule.source} (approved always).`;
}

/** Nothing to add to a decision. */
const NOTHING = Object.freeze({});
/** What a decision adds when the subject the rules need is empty. */
const SUBJECT_MISSING = Object.freeze({ subjectMissing: true });

/** The rules one tool answers to, by list, worked out once per tool. */
interface ToolRules {
  readonly all: readonly PermissionRule[];
  readonly deny: readonly PermissionRule[];
  readonly ask: readonly PermissionRule[];
  readonly allow: readonly PermissionRule[];
  /** The rules approvers' "always" added (SPEC RU-4): after deny, before ask — they allow what they match. */
  readonly granted: readonly PermissionRule[];
  /**
   * The decision of every call without a subject, when the tool has no deny or ask rule and its
   * first allow rule has no pattern (the rules would find that rule whatever the call says).
   */
  readonly openAllow: PermissionDecision | undefined;
}

/**
 * Decides whether a call may run (SPEC PM-1..PM-6, PA-3). Built once from a configuration, which
 * is refused as a whole, loudly, when any rule cannot be interpreted — against the subject kind
 * of the tool it names when that tool is known, otherwise as neither a command nor a path pattern.
 * A tool answers to the rules under its own name and under its permission aliases (Grep, Glob and
 * Ls to `Read(...)`, Write to `Edit(...)`).
 */
export class PermissionChecker {
  readonly #compiled = new CompiledPatterns();
  #rulesByTool = new WeakMap<Tool, ToolRules>();
  readonly #rulesByName = new Map<string, PermissionRule[]>();
  readonly #grantedByName = new Map<string, PermissionRule[]>();
  readonly #order = new Map<PermissionRule, number>();
  readonly #allowedDecisions = new Map<PermissionRule, PermissionDecision>();

  private constructor(rules: readonly PermissionRule[]) {
    for (const [index, rule] of rules.entries()) {
      this.#order.set(rule, index);
      const named = this.#rulesByName.get(rule.toolName);
      if (named === undefined) this.#rulesByName.set(rule.toolName, [rule]);
      else named.push(rule);
    }
  }

  /** Parses and checks a configuration. Throws `INVALID_PERMISSION_RULE` naming every bad entry. */
  static create(config: PermissionConfig, tools: readonly Tool[] = []): PermissionChecker {
    const problems: string[] = [];
    const rules: PermissionRule[] = [];
    for (const list of ['deny', 'ask', 'allow'] as const) {
      const entries: unknown = config[list] ?? [];
      if (!Array.isArray(entries)) {
        problems.push(`'${list}' must be a list of rules`);
        continue;
      }
      for (const entry of entries) {
        const parsed = parsePermissionRule(entry as string, list);
        if ('problem' in parsed) problems.push(parsed.problem);
        else rules.push(parsed);
      }
    }
    const checker = new PermissionChecker(rules);
    const byName = new Map<string, Tool>();
    for (const tool of tools) if (!byName.has(tool.name)) byName.set(tool.name, tool);
    for (const rule of rules) {
      if (rule.pattern === undefined) continue;
      const problem = checker.#loadTimeProblem(rule, rule.pattern, byName.get(rule.toolName));
      if (problem !== undefined) problems.push(`'${rule.source}' cannot be interpreted: ${problem}`);
    }
    if (problems.length > 0) {
      throw new ToolwrightError(
        'INVALID_PERMISSION_RULE',
        `The permission configuration was refused as a whole:\n- ${problems.join('\n- ')}`,
      );
    }
    // Every tool's rules by list, worked out now: a call's cost does not grow with the configuration.
    for (const tool of tools) checker.#rulesFor(tool);
    return checker;
  }

  /**
   * Decides one call: deny > ask > allow, default deny. Never throws or rejects; answers without
   * waiting unless an ask rule puts the call to an approver.
   */
  check(
    tool: Tool,
    input: ToolInput,
    cwd: string,
    approver?: Approver,
  ): PermissionDecision | Promise<PermissionDecision> {
    const rules = this.#rulesFor(tool);
    const { subject, failed } = subjectOf(tool, input);
    if (subject === undefined && rules.openAllow !== undefined) return rules.openAllow;
    const call = new CallUnderJudgement(tool, input, cwd, subject, failed);
    const base = subject === undefined ? NOTHING : { subject, ...call.judgedPaths() };
    const missing = subject !== undefined && subject.value === '' && rules.allow.length > 0;
    const subjectMissing = missing ? SUBJECT_MISSING : NOTHING;

    if (subject?.kind === 'COMMAND' && subject.value !== '' && !failed)
      return this.#checkCommand(rules, call, base, approver);

    const deny = this.#first(rules.deny, call, 'no-match');
    if (deny !== undefined) {
      const problem = call.pathProblem();
      return {
        ...base,
        ...(deny.pattern === undefined ? {} : subjectMissing),
        allowed: false,
        decidedBy: 'deny',
        rule: deny.source,
        reason:
          problem !== undefined
            ? `Permission denied: ${call.describe()} cannot be judged against the deny rule ${deny.source}. ${problem}`
            : `Permission denied: ${call.describe()} matches the deny rule ${deny.source}.`,
      };
    }
    const granted = this.#firstMatch(rules.granted, call);
    if (granted !== undefined && this.#realPathAllowed(rules.granted, call))
      return { ...base, allowed: true, decidedBy: 'allow', rule: granted.source, reason: grantedReason(granted) };
    const ask = this.#first(rules.ask, call, 'no-match');
    if (ask !== undefined) return askedDecision(base, askApprover(ask, call, approver, this.#addRule));

    const allowRules = rules.allow;
    const allow = this.#firstMatch(allowRules, call);
    if (allow !== undefined && this.#realPathAllowed(allowRules, call)) {
      // A call without a subject is allowed in the same words every time: one frozen decision per rule.
      if (subject === undefined) return this.#allowedBy(allow);
      return { ...base, allowed: true, decidedBy: 'allow', rule: allow.source, reason: `Allowed by ${allow.source}.` };
    }
    return {
      ...base,
      ...subjectMissing,
      allowed: false,
      decidedBy: 'default',
      reason: denialWithoutMatch(tool, allowRules, call, allow !== undefined),
    };
  }

  /** A COMMAND call, judged part by part (SPEC RU-2): see `judgeCommandLine`. */
  #checkCommand(
    rules: ToolRules,
    call: CallUnderJudgement,
    base: object,
    approver: Approver | undefined,
  ): PermissionDecision | Promise<PermissionDecision> {
    const verdict = judgeCommandLine(
      call.subject!.value,
      call.cwd,
      this.#commandBook(rules, call.cwd, call.tool.name),
      call.describe(),
    );
    switch (verdict.outcome) {
      case 'deny':
        return { ...base, allowed: false, decidedBy: 'deny', rule: verdict.rule.source, reason: verdict.reason };
      case 'ask':
        return askedDecision(base, askApprover(verdict.rule, call, approver, this.#addRule));
      case 'default':
        return { ...base, allowed: false, decidedBy: 'default', reason: verdict.reason };
      case 'allow':
        return { ...base, allowed: true, decidedBy: 'allow', ...allowance(verdict.parts) };
    }
  }

  /** The rule book a command line is judged by: the tool's rules, and the file tools' rules for its redirections. */
  #commandBook(rules: ToolRules, cwd: string, toolName: string): CommandRuleBook<PermissionRule> {
    return {
      toolName,
      deny: rules.deny,
      ask: rules.ask,
      allow: rules.allow,
      granted: rules.granted,
      compile: (pattern) => {
        const compiled = this.#compile(pattern, 'COMMAND');
        return 'problem' in compiled
          ? compiled
          : compiled.kind === 'COMMAND'
            ? compiled
            : { problem: 'it is a path pattern' };
      },
      judgeFile: (access, path) => this.#judgeFile(FILE_TOOLS[access], path, cwd),
      fileDenyRule: (access) => this.#rulesFor(FILE_TOOLS[access]).deny[0],
    };
  }

  /** How a file tool's rules judge one absolute path, without an approver (an ask rule is reported, not asked). */
  #judgeFile(tool: Tool, path: string, cwd: string): FileVerdict<PermissionRule> {
    const rules = this.#rulesFor(tool);
    const call = new CallUnderJudgement(tool, ToolInput.EMPTY, cwd, { kind: 'PATH', value: path }, false);
    const deny = this.#first(rules.deny, call, 'no-match');
    if (deny !== undefined) return { decidedBy: 'deny', rule: deny, reason: `it matches the deny rule ${deny.source}` };
    const granted = this.#firstMatch(rules.granted, call);
    if (granted !== undefined && this.#realPathAllowed(rules.granted, call))
      return { decidedBy: 'allow', rule: granted, reason: grantedReason(granted) };
    const ask = this.#first(rules.ask, call, 'no-match');
    if (ask !== undefined) return { decidedBy: 'ask', rule: ask, reason: `it needs approval (${ask.source})` };
    const allow = this.#firstMatch(rules.allow, call);
    if (allow !== undefined && this.#realPathAllowed(rules.allow, call))
      return { decidedBy: 'allow', rule: allow, reason: `Allowed by ${allow.source}.` };
    return { decidedBy: 'default', reason: denialWithoutMatch(tool, rules.allow, call, allow !== undefined) };
  }

  /**
   * The rules applied to one more path of an allowed call (SPEC PA-2, PA-3): no deny rule may
   * match it; the paths the call was judged (or approved) by pass; otherwise no ask rule may match
   * and an allow rule must. A folder is matched as `X` and `X/` (`/ws/**` covers `/ws`), and may be
   * entered when an allow rule could match something below it.
   */
  permitFor(tool: Tool, decision: PermissionDecision, cwd = '/'): PathPermit {
    const { deny, ask, allow, granted } = this.#rulesFor(tool);
    // Compiled once per permit: a search asks about every path it visits (SPEC PF-3).
    const compile = (rules: readonly PermissionRule[]): PermitPattern[] =>
      rules.map((rule) => {
        if (rule.pattern === undefined) return true;
        const pattern = this.#compile(rule.pattern, 'PATH', cwd);
        // A pattern that cannot be interpreted as a path denies (PM-5): it matches for deny and ask, never for allow.
        return 'problem' in pattern || pattern.kind !== 'PATH' ? rule.list !== 'allow' : pattern;
      });
    const [denied, asked, allowed] = [compile(deny), compile(ask), compile([...granted, ...allow])];
    const approved = compile(granted);
    const judged = new Set([decision.path, decision.realPath].filter((path) => path !== undefined));
    return (candidate, kind = 'file') => {
      const path = normalizePermitPath(candidate);
      if (path === undefined) return false;
      const folder = kind === 'folder';
      if (denied.some((pattern) => permitMatches(pattern, path, folder, false))) return false;
      if (judged.has(path)) return true;
      if (
        asked.some((pattern) => permitMatches(pattern, path, folder, false)) &&
        !approved.some((pattern) => permitMatches(pattern, path, folder, false))
      )
        return false;
      return allowed.some((pattern) => permitMatches(pattern, path, folder, true));
    };
  }

  #rulesFor(tool: Tool): ToolRules {
    let rules = this.#rulesByTool.get(tool);
    if (rules === undefined) {
      const names = new Set([tool.name, ...(Array.isArray(tool.permissionAliases) ? tool.permissionAliases : [])]);
      // In configuration order, as the rules were listed (a rule's index is its position there).
      const all = [...names]
        .flatMap((name) => this.#rulesByName.get(name) ?? [])
        .sort((first, second) => (this.#order.get(first) ?? 0) - (this.#order.get(second) ?? 0));
      const deny = all.filter((rule) => rule.list === 'deny');
      const ask = all.filter((rule) => rule.list === 'ask');
      const allow = all.filter((rule) => rule.list === 'allow');
      const granted = [...names].flatMap((name) => this.#grantedByName.get(name) ?? []);
      const open = deny.length === 0 && ask.length === 0 && allow[0]?.pattern === undefined ? allow[0] : undefined;
      const openAllow = open === undefined ? undefined : this.#allowedBy(open);
      rules = Object.freeze({ all, deny, ask, allow, granted, openAllow });
      this.#rulesByTool.set(tool, rules);
    }
    return rules;
  }

  /**
   * Adds the rule an approver's "always" named (SPEC RU-4), for the checker's lifetime: it must be
   * a rule of the approved call's tool (or an alias, or the ask rule's tool) that this checker can
   * read. The tools' rules are worked out again on their next call.
   */
  readonly #addRule = (source: string, tool: Tool, askRule: PermissionRule): string | undefined => {
    const parsed = parsePermissionRule(source, 'allow');
    if ('problem' in parsed) return parsed.problem;
    const names = [
      tool.name,
      ...(Array.isArray(tool.permissionAliases) ? tool.permissionAliases : []),
      askRule.toolName,
    ];
    if (!names.includes(parsed.toolName)) return `it names ${parsed.toolName}, not ${tool.name}`;
    if (parsed.pattern !== undefined) {
      const problem = this.#loadTimeProblem(parsed, parsed.pattern, parsed.toolName === tool.name ? tool : undefined);
      if (problem !== undefined) return problem;
    }
    const named = this.#grantedByName.get(parsed.toolName) ?? [];
    if (!named.some((rule) => rule.source === parsed.source))
      this.#grantedByName.set(parsed.toolName, [...named, parsed]);
    this.#rulesByTool = new WeakMap();
    return undefined;
  };

  #allowedBy(rule: PermissionRule): PermissionDecision {
    let decision = this.#allowedDecisions.get(rule);
    if (decision === undefined) {
      decision = Object.freeze({
        allowed: true,
        decidedBy: 'allow',
        rule: rule.source,
        reason: `Allowed by ${rule.source}.`,
      });
      this.#allowedDecisions.set(rule, decision);
    }
    return decision;
  }

  /** The first rule of a list whose judgement of the call is not `unless`. */
  #first(rules: readonly PermissionRule[], call: CallUnderJudgement, unless: Judgement): PermissionRule | undefined {
    for (const rule of rules) if (this.#judge(rule, call) !== unless) return rule;
    return undefined;
  }

  /** The first rule of a list that matches the call. */
  #firstMatch(rules: readonly PermissionRule[], call: CallUnderJudgement): PermissionRule | undefined {
    for (const rule of rules) if (this.#judge(rule, call) === 'match') return rule;
    return undefined;
  }

  /** A lexical match is not enough: the real path must match an allow rule too. */
  #realPathAllowed(allowRules: readonly PermissionRule[], call: CallUnderJudgement): boolean {
    const resolved = call.path();
    if (call.subject?.kind !== 'PATH' || resolved === undefined) return true;
    return allowRules.some((rule) => {
      if (rule.pattern === undefined) return true;
      const pattern = this.#compile(rule.pattern, 'PATH', call.cwd);
      return !('problem' in pattern) && pattern.kind === 'PATH' && call.matches(pattern, resolved.realPath);
    });
  }

  #judge(rule: PermissionRule, call: CallUnderJudgement): Judgement {
    if (rule.pattern === undefined) return 'match';
    if (call.subjectFailed) return 'unjudgeable';
    if (call.subject !== undefined) {
      const pattern = this.#compile(rule.pattern, call.subject.kind, call.cwd);
      if ('problem' in pattern) return 'unjudgeable';
      if (pattern.kind === 'COMMAND') return 'unjudgeable';
      const resolved = call.path();
      if (resolved === undefined) return 'unjudgeable';
      const lexical = call.matches(pattern, resolved.path);
      // A deny or ask rule fires on either path; an allow rule's real-path check is separate.
      if (rule.list !== 'allow' && call.matches(pattern, resolved.realPath)) return 'match';
      return lexical ? 'match' : 'no-match';
    }
    if (typeof call.tool.matchesPermissionPattern === 'function') {
      try {
        return call.tool.matchesPermissionPattern(rule.pattern, call.input) ? 'match' : 'no-match';
      } catch {
        return 'unjudgeable';
      }
    }
    return 'unjudgeable';
  }

  #compile(pattern: string, kind: 'COMMAND' | 'PATH', cwd?: string): CompiledPattern {
    return this.#compiled.get(pattern, kind, cwd);
  }

  #loadTimeProblem(rule: PermissionRule, pattern: string, tool: Tool | undefined): string | undefined {
    const kind = tool === undefined ? undefined : subjectOf(tool, ToolInput.EMPTY).subject?.kind;
    if (kind !== undefined) {
      const compiled = this.#compile(pattern, kind);
      return 'problem' in compiled
        ? `${compiled.problem} (${rule.toolName} matches ${kind === 'PATH' ? 'paths' : 'commands'})`
        : undefined;
    }
    if (tool !== undefined && typeof tool.matchesPermissionPattern === 'function') return undefined;
    const asCommand = this.#compile(pattern, 'COMMAND');
    const asPath = this.#compile(pattern, 'PATH');
    if (!('problem' in asCommand) || !('problem' in asPath)) return undefined;
    return `as a command pattern, ${asCommand.problem}; as a path pattern, ${asPath.problem}`;
  }
}
