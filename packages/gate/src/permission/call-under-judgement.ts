import type { PermissionSubject, Tool, ToolInput } from '@toolwright/core';
import { isPathProblem, resolvePath, type PathProblem, type ResolvedPath } from '@toolwright/core/node';
import { matchFolder, matchPath, type PathPattern } from './path-pattern.js';
import { show } from './show-subject.js';

/** The process, looked up once. */
const host = process;

/** The call being judged, with its path resolved at most once. */
export class CallUnderJudgement {
  #path: ResolvedPath | PathProblem | undefined | null = null;

  constructor(
    readonly tool: Tool,
    readonly input: ToolInput,
    readonly cwd: string,
    readonly subject: PermissionSubject | undefined,
    readonly subjectFailed: boolean,
  ) {}

  #resolve(): ResolvedPath | PathProblem | undefined {
    if (this.#path === null)
      this.#path =
        this.subject?.kind === 'PATH' && this.subject.value !== ''
          ? resolvePath(this.subject.value, this.cwd)
          : undefined;
    return this.#path;
  }

  /** The subject's path, resolved; `undefined` when there is none or it cannot be resolved safely. */
  path(): ResolvedPath | undefined {
    const resolved = this.#resolve();
    return resolved === undefined || isPathProblem(resolved) ? undefined : resolved;
  }

  /** Why the subject's path cannot be resolved safely, if it cannot. */
  pathProblem(): string | undefined {
    const resolved = this.#resolve();
    return resolved !== undefined && isPathProblem(resolved) ? resolved.problem : undefined;
  }

  /** The judged paths, for the decision. */
  judgedPaths(): { readonly path?: string; readonly realPath?: string } {
    const resolved = this.path();
    return resolved === undefined ? {} : { path: resolved.path, realPath: resolved.realPath };
  }

  /** The working directory's real path (as given when it cannot be resolved: the call fails there anyway). */
  realCwd(): string {
    const resolved = resolvePath(this.cwd, host.cwd());
    return isPathProblem(resolved) ? this.cwd : resolved.realPath;
  }

  /** Matches the subject's path: a folder a tool walks is matched as `X` and `X/`. */
  matches(pattern: PathPattern, path: string): boolean {
    return this.subject?.tree === true ? matchFolder(pattern, path) : matchPath(pattern, path);
  }

  describe(): string {
    if (this.subject === undefined) return `this ${this.tool.name} call`;
    if (this.subject.kind === 'COMMAND') return `the ${this.tool.name} command ${show(this.subject.value)}`;
    const resolved = this.path();
    if (resolved === undefined) return `the ${this.tool.name} path ${show(this.subject.value)}`;
    const real = resolved.realPath !== resolved.path ? ` (really ${show(resolved.realPath)})` : '';
    return `${this.tool.name} of ${show(resolved.path)}${real}`;
  }
}

/** A call with no subject, its tool having none: one shared answer. */
const NO_SUBJECT = Object.freeze({ failed: false });

/** The tool's subject for a call; `failed` when the tool could not say (every pattern rule is then unjudgeable). */
export function subjectOf(
  tool: Tool,
  input: ToolInput,
): { readonly subject?: PermissionSubject; readonly failed: boolean } {
  if (typeof tool.permissionSubject !== 'function') return NO_SUBJECT;
  try {
    const subject = tool.permissionSubject(input);
    if (subject === undefined) return NO_SUBJECT;
    if (subject.kind !== 'COMMAND' && subject.kind !== 'PATH') return { failed: true };
    return {
      subject: {
        kind: subject.kind,
        value: typeof subject.value === 'string' ? subject.value : '',
        ...(subject.tree === true ? { tree: true } : {}),
      },
      failed: false,
    };
  } catch {
    return { failed: true };
  }
}
