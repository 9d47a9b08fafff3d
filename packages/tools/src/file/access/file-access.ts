import { findSecretRule, isInside, isPathProblem, resolvePath, type ResolvedPath } from '@toolwright/core/node';
import type { ToolContext } from '@toolwright/core';
import type { FileToolSettings } from './file-tool-options.js';

/** Why a file tool refused a call; hosts read it from the result's `refused` metadata. */
export type RefusalKind =
  | 'invalid-path'
  | 'invalid-input'
  | 'outside-workspace'
  | 'not-permitted'
  | 'changed'
  | 'secret'
  | 'not-found'
  | 'directory'
  | 'not-directory'
  | 'binary'
  | 'too-large'
  | 'not-utf8'
  | 'special-file';

/** A refusal: its kind, and the sentence the model reads. */
export interface Refusal {
  readonly refused: RefusalKind;
  readonly reason: string;
}

/** The path a call may use, or why it may not. */
export type PathAccess =
  ({ readonly ok: true } & ResolvedPath) | ({ readonly ok: false } & Refusal & { readonly path?: string });

/**
 * Whether a file tool may touch a path: inside the workspace when the tools are confined, and
 * covered by the gate's rules for the call (`context.permits`) when a gate judged it.
 */
export interface PathGuard {
  /** True when the tool may touch `path` (absolute): a `folder` may also be entered to reach what is allowed below it. */
  allows(path: string, kind?: 'file' | 'folder'): boolean;
}

/** The guard of one call: the workspace of the tools' settings and the permit of the gate's decision. */
export function createPathGuard(context: ToolContext, settings: FileToolSettings): PathGuard {
  const workspace = settings.workspace;
  const workspaceReal = workspace === undefined ? undefined : realPathOrSelf(workspace);
  const permits = context.permits;
  return {
    allows(path, kind = 'file') {
      if (workspace !== undefined && !isInside(path, workspace) && !isInside(path, workspaceReal ?? workspace))
        return false;
      return permits === undefined || permits(path, kind) === true;
    },
  };
}

/**
 * Resolves a tool's path argument with the one path authority the gate uses (SPEC PA-1) and
 * applies the checks every file tool shares (SPEC BT-3, PA-2): inside the workspace when confined,
 * lexically and by real path; covered by the gate's rules, by both paths (a link swapped after the
 * gate judged the call is caught here, and again at the open); not a secret file, by its own name
 * or its target's.
 */
export function accessPath(
  value: string,
  parameter: string,
  context: ToolContext,
  settings: FileToolSettings,
  kind: 'file' | 'folder' = 'file',
): PathAccess {
  const resolved = resolvePath(value, context.cwd);
  if (isPathProblem(resolved))
    return { ok: false, refused: 'invalid-path', reason: invalidPath(value, parameter, resolved.problem) };
  const { path, realPath } = resolved;
  const really = realPath === path ? '' : ` (really ${realPath})`;
  if (settings.workspace !== undefined) {
    const workspaceReal = realPathOrSelf(settings.workspace);
    if (!isInside(path, settings.workspace) || !isInside(realPath, workspaceReal)) {
      return {
        ok: false,
        path,
        refused: 'outside-workspace',
        reason: `${path}${really} is outside the workspace ${settings.workspace}. The file tools work only inside it: use a path under ${settings.workspace}.`,
      };
    }
  }
  const permits = context.permits;
  if (permits !== undefined && (permits(path, kind) !== true || permits(realPath, kind) !== true)) {
    return {
      ok: false,
      path,
      refused: 'not-permitted',
      reason: `${path}${really} is not covered by the permission rules for this call (a link on the way may have changed after the check); nothing was read or changed.`,
    };
  }
  const secret = findSecretRule(path) ?? findSecretRule(realPath);
  if (secret !== undefined) {
    const through = findSecretRule(path) === undefined ? ` (a link to ${realPath})` : '';
    return {
      ok: false,
      path,
      refused: 'secret',
      reason: `${path}${through} is ${secret.what} (${secret.pattern}); the file tools never read, change or list secret files. Ask the user for what you need from it.`,
    };
  }
  return { ok: true, ...resolved };
}

function realPathOrSelf(folder: string): string {
  const resolved = resolvePath(folder, '/');
  return isPathProblem(resolved) ? folder : resolved.realPath;
}

function invalidPath(value: string, parameter: string, problem: string): string {
  if (value === '') return `${parameter} is empty. Give an absolute path, or one relative to the working directory.`;
  if (value.includes('\0')) return `${parameter} contains a NUL character, which no file name can hold.`;
  if (problem.includes('is relative, but the working directory is not absolute'))
    return `${parameter} '${value}' is relative, but the working directory is not an absolute path. Give an absolute path.`;
  return `${parameter} cannot be used: ${problem}`;
}
