import type { ToolContext } from '@toolwright/core';
import type { FileToolSettings } from './file-tool-options.js';
import { isInside, realPathOf, resolveToolPath, type ResolvedToolPath } from './resolve-tool-path.js';
import { findSecretRule } from './secret-paths.js';

/** Why a file tool refused a call; hosts read it from the result's `refused` metadata. */
export type RefusalKind =
  | 'invalid-path'
  | 'invalid-input'
  | 'outside-workspace'
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
  ({ readonly ok: true } & ResolvedToolPath) | ({ readonly ok: false } & Refusal & { readonly path?: string });

/**
 * Resolves a tool's path argument (as the gate does) and applies the checks every file tool
 * shares (SPEC BT-3): inside the workspace when confined, lexically and by real path; not a
 * secret file, by its own name or its symlink target's.
 */
export function accessPath(
  value: string,
  parameter: string,
  context: ToolContext,
  settings: FileToolSettings,
): PathAccess {
  const resolved = resolveToolPath(value, context.cwd);
  if (resolved === undefined) return { ok: false, refused: 'invalid-path', reason: invalidPath(value, parameter) };
  const { path, realPath } = resolved;
  if (settings.workspace !== undefined) {
    const workspaceReal = realPathOf(settings.workspace) ?? settings.workspace;
    if (!isInside(path, settings.workspace) || !isInside(realPath, workspaceReal)) {
      const really = realPath === path ? '' : ` (really ${realPath})`;
      return {
        ok: false,
        path,
        refused: 'outside-workspace',
        reason: `${path}${really} is outside the workspace ${settings.workspace}. The file tools work only inside it: use a path under ${settings.workspace}.`,
      };
    }
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
  return { ok: true, path, realPath };
}

function invalidPath(value: string, parameter: string): string {
  if (value === '') return `${parameter} is empty. Give an absolute path, or one relative to the working directory.`;
  if (value.includes('\0')) return `${parameter} contains a NUL character, which no file name can hold.`;
  return `${parameter} '${value}' is relative, but the working directory is not an absolute path. Give an absolute path.`;
}
