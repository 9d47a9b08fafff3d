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
 * The host's answer to an ask rule: `true` runs the call; `false`, an {@link ApprovalRefusal},
 * anything else, a throw or no approver at all denies.
 */
export type Approver = (request: ApprovalRequest) => boolean | ApprovalRefusal | Promise<boolean | ApprovalRefusal>;

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
