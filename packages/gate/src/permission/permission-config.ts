import type { JudgedPart } from './command/command-call.js';
import type { JsonObject, PermissionSubject, ToolInput } from '@toolwright/core';

/** The permission lists (SPEC PM-1): entries `Name` or `Name(pattern)`; deny > ask > allow; default deny. */
export interface PermissionConfig {
  /** Calls that may run. */
  readonly allow?: readonly string[];
  /** Calls that never run; beats ask and allow. */
  readonly deny?: readonly string[];
  /** Calls that run only when the host's approver says yes; beats allow. */
  readonly ask?: readonly string[];
}

/** What an approver is asked about one call. */
export interface ApprovalRequest {
  /** The tool's name. */
  readonly tool: string;
  /** The ask rule that matched. */
  readonly rule: string;
  /** The call's subject, when the tool exposes one. */
  readonly subject?: PermissionSubject;
  /** A PATH subject made absolute and normalised, as judged. */
  readonly path?: string;
  /** A PATH subject's real path, as judged. */
  readonly realPath?: string;
  /** The call's arguments. */
  readonly input: ToolInput;
  /** The working directory the call runs in, as the gate was given it. */
  readonly cwd: string;
  /** The working directory's real path (symlinks resolved), as judged. */
  readonly realCwd: string;
}

/** An approver's "no" with the reason the model reads: `… was not approved (rule): <reason>.` */
export interface ApprovalRefusal {
  readonly approved: false;
  /** Why, in one sentence without its final full stop. */
  readonly reason: string;
}

/**
 * An approver's "yes" with more to it (SPEC RU-4): the call run with edited input, or calls like
 * it approved for the rest of the gate's lifetime. Not both at once.
 */
export interface ApprovalGrant {
  readonly approved: true;
  /**
   * Run the call with these arguments instead. They are never trusted: the edited call goes
   * through the gate again from the start — argument checks, policies, every permission rule
   * (a deny rule still denies it, and without a rule that allows or asks it is refused) and
   * schema validation. The approver wrote them, so an ask rule that matches the edited call is
   * answered by this grant: it is not asked again.
   */
  readonly input?: JsonObject;
  /**
   * Approve calls like this one for the gate's lifetime: `true` adds the ask rule that matched as
   * a rule that allows what it matches without asking; a string adds that rule instead (it must
   * name this tool, or one of its aliases, or the ask rule's tool). Deny rules still win over it.
   * The rule is audited and handed to the gate's `onRuleAdded`, for a host that keeps it.
   */
  readonly always?: true | string;
}

/** What an approver answers: `true` or an {@link ApprovalGrant} approves; `false` or an {@link ApprovalRefusal} refuses. */
export type ApprovalAnswer = boolean | ApprovalRefusal | ApprovalGrant;

/**
 * The host's answer to an ask rule (SPEC RU-4): `true` runs the call; an {@link ApprovalGrant}
 * runs it with edited input, or adds a rule; `false` or an {@link ApprovalRefusal} refuses it.
 * Anything else, a throw, or no approver at all denies.
 */
export type Approver = (request: ApprovalRequest) => ApprovalAnswer | Promise<ApprovalAnswer>;

/** A rule an approver's "always" added (SPEC RU-4), as the gate's `onRuleAdded` receives it. */
export interface AddedRule {
  /** The rule, as written: it allows what it matches, ask rules included, for the gate's lifetime. */
  readonly rule: string;
  /** The ask rule whose question the approver answered. */
  readonly askRule: string;
  /** The tool of the call that was approved. */
  readonly tool: string;
  /** That call's id. */
  readonly callId: string;
}

/** The outcome of the permission stage for one call. */
export interface PermissionDecision {
  /** True when the call may run. */
  readonly allowed: boolean;
  /** Which list decided: a rule's list, or `default` when nothing matched, or `none` when no permissions are configured. */
  readonly decidedBy: 'deny' | 'ask' | 'allow' | 'default' | 'none';
  /** The rule that decided, as written. */
  readonly rule?: string;
  /** The call's subject, when the tool exposes one. */
  readonly subject?: PermissionSubject;
  /** A PATH subject made absolute and normalised, as judged. */
  readonly path?: string;
  /** A PATH subject's real path (symlinks resolved as the kernel does), as judged. */
  readonly realPath?: string;
  /** For a human: why the call may not run, and what to change. */
  readonly reason: string;
  /**
   * The call was refused because its subject was missing (empty) although rules could allow the
   * tool: the model likely mistyped the parameter, and may learn that from the schema's sentences.
   */
  readonly subjectMissing?: boolean;
  /** The call is on hold for a person's approval (durable approvals, no approver at hand). */
  readonly pending?: PendingApproval;
  /**
   * For an allowed compound command (`git status && git log -1`), each simple command it runs with
   * the rule that allowed it, or why it needed none (SPEC RU-2, RU-5).
   */
  readonly parts?: readonly PermissionPart[];
  /**
   * The approver approved the call with these arguments instead (SPEC RU-4): the call is not run
   * as it was sent (`allowed` is false); the gate runs the edited call through every stage again.
   */
  readonly editedInput?: JsonObject;
  /** The rule the approver's "always" added: it allows calls like this one for the gate's lifetime. */
  readonly addedRule?: string;
}

/** One simple command of an allowed command line, and what allowed it. */
export type PermissionPart = JudgedPart;

/**
 * The rules of an allowed call applied to one more path it touches (SPEC PA-2, PA-3); it becomes
 * the call's `context.permits`.
 */
export type PathPermit = (path: string, kind?: 'file' | 'folder') => boolean;

/**
 * A call an `ask` rule put on hold because no approver was there to answer (SPEC IN-4): plain,
 * serialisable data for the host to show a person, store, and later approve with
 * `gate.approve(pending)` — in this process or another that shares the gate's approval secret.
 */
export interface PendingApproval {
  /** Names this hold; an approval of it is used once. */
  readonly id: string;
  /** The tool called. */
  readonly tool: string;
  /** The ask rule that matched. */
  readonly rule: string;
  /** The exact arguments the approval is for. */
  readonly input: JsonObject;
  /** The call's subject, when the tool has one. */
  readonly subject?: PermissionSubject;
  /** A PATH subject's path and real path as judged: a path whose real path moves is judged afresh. */
  readonly path?: string;
  readonly realPath?: string;
  /** The working directory the call was judged in, and its real path: another folder is another call. */
  readonly cwd: string;
  readonly realCwd: string;
  /** When the call was put on hold (an ISO time); the approval expires a lifetime after it. */
  readonly issuedAt: string;
  /** Binds the approval to the tool, the input, the judged subject and paths and the working directory. */
  readonly digest: string;
  /** The gate's HMAC over every other field: `gate.approve` refuses a pending it did not issue, or one changed since. */
  readonly seal: string;
}
