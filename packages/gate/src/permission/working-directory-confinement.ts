import type { Tool, ToolInput } from '@toolwright/core';
import { isInside, isPathProblem, resolvePath } from '@toolwright/core/node';
import type { PathPermit, PermissionDecision } from './permission-config.js';
import { subjectOf } from './call-under-judgement.js';
import { normalizePermitPath, show } from './show-subject.js';

/** The name audit events give the confinement that applies when a gate has no permission rules. */
export const WORKING_DIRECTORY_RULE = 'working directory';

/**
 * The secure default of a gate without permission rules (SPEC PM-1, PA-3): a tool with a PATH
 * subject may touch only what lies inside the working directory, lexically and by real path (a
 * link out of it does not count as inside). Tools without a PATH subject are not judged here
 * (the safety policy still applies). Returns `undefined` for those.
 */
export function confineToWorkingDirectory(
  tool: Tool,
  input: ToolInput,
  cwd: string,
): (PermissionDecision & { readonly permit?: PathPermit }) | undefined {
  const { subject, failed } = subjectOf(tool, input);
  if (failed) {
    return {
      allowed: false,
      decidedBy: 'none',
      rule: WORKING_DIRECTORY_RULE,
      reason: `Permission denied: ${tool.name} could not say which path this call uses, so it cannot be confined to the working directory.`,
    };
  }
  if (subject?.kind !== 'PATH') return undefined;
  const base = { subject, rule: WORKING_DIRECTORY_RULE, decidedBy: 'none' } as const;
  const folder = resolvePath(cwd, '/');
  if (isPathProblem(folder)) {
    return {
      ...base,
      allowed: false,
      reason: `Permission denied: the working directory ${show(cwd)} cannot be resolved. ${folder.problem}`,
    };
  }
  const resolved = subject.value === '' ? undefined : resolvePath(subject.value, cwd);
  if (resolved === undefined || isPathProblem(resolved)) {
    const problem = resolved === undefined ? 'The path is empty.' : resolved.problem;
    return {
      ...base,
      ...(resolved === undefined ? { subjectMissing: true } : {}),
      allowed: false,
      reason: `Permission denied: the ${tool.name} path ${show(subject.value)} cannot be judged. ${problem}`,
    };
  }
  const inside = (path: string): boolean => isInside(path, folder.path) || isInside(path, folder.realPath);
  const judged = { ...base, path: resolved.path, realPath: resolved.realPath };
  if (!inside(resolved.path) || !inside(resolved.realPath)) {
    const really = resolved.realPath === resolved.path ? '' : ` (really ${show(resolved.realPath)})`;
    return {
      ...judged,
      allowed: false,
      reason: `Permission denied: ${tool.name} of ${show(resolved.path)}${really} is outside the working directory ${show(folder.path)}. Without permission rules, tools that take a path are confined to the working directory; the host can widen that with rules such as ${tool.name}(/some/folder/**).`,
    };
  }
  return {
    ...judged,
    allowed: true,
    reason: 'Inside the working directory.',
    permit: (candidate) => {
      const path = normalizePermitPath(candidate);
      return path !== undefined && inside(path);
    },
  };
}
