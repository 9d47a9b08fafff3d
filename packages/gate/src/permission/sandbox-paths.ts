import { homedir } from 'node:os';
import { absolutePathPattern } from './path-pattern.js';
import type { PermissionConfig } from './permission-config.js';
import { parsePermissionRule, type PermissionRule } from './permission-rule.js';

/** The paths of a kernel sandbox's policy (SPEC SB-2), as permission rules name them. */
export interface SandboxPaths {
  /** Where commands may write: what Write and Edit allow rules name; absent when no rule names any (the sandbox's default, the workspace, applies). */
  readonly writable?: string[];
  /** Inside those, what Write and Edit deny and ask rules name: read-only to commands (globs kept). */
  readonly readOnly: string[];
  /** What Read deny rules name (globs kept). */
  readonly readDenied: string[];
  /**
   * The domains `domain:` allow rules name (`WebFetch(domain:example.com)`, as in Claude Code),
   * less those a `domain:` deny rule names: the sandbox's network allow-list (SPEC RU-1, SB-3).
   */
  readonly allowedDomains: string[];
}

const WRITE_TOOLS = new Set(['Write', 'Edit']);

/**
 * The sandbox paths the permission rules imply (SPEC SB-2), so that what Bash may touch follows
 * the rules the file tools obey. Writable: the folder each `Write(…)` / `Edit(…)` allow rule names
 * — its literal part, up to the first segment with a glob (`Write(/work/**)` → `/work`,
 * `Edit(/work/src/*.ts)` → `/work/src`; a bare `Write` or `Edit` allow: `/`). A kernel mount cannot
 * hold a glob, so a pattern's folder is opened whole: the file tools still judge each path.
 * Read-only: what Write and Edit deny and ask rules name (an ask is not a yes; a bare deny leaves
 * nothing writable). Read-denied: what Read deny rules name (a bare `Read` deny is left to the
 * Read tool: no command could run without reading its own program). Relative forms (`./x`, `x`,
 * `~/x`) are made absolute against `cwd` and the home folder (SPEC RU-1). Rules that do not parse
 * are the gate's to refuse; they add nothing here.
 */
export function sandboxPathsFromPermissions(
  permissions: PermissionConfig | undefined,
  cwd: string = process.cwd(),
): SandboxPaths {
  const base = { cwd, home: homedir() };
  const rules = (list: 'allow' | 'deny' | 'ask'): PermissionRule[] =>
    (permissions?.[list] ?? []).flatMap((entry) => {
      const rule = parsePermissionRule(entry, list);
      if ('problem' in rule) return [];
      if (rule.pattern === undefined || !['Write', 'Edit', 'Read'].includes(rule.toolName)) return [rule];
      const pattern = absolutePathPattern(rule.pattern, base);
      return typeof pattern === 'string' ? [{ ...rule, pattern }] : [];
    });
  const writes = rules('allow').filter((rule) => WRITE_TOOLS.has(rule.toolName));
  const refusedWrites = [...rules('deny'), ...rules('ask')].filter((rule) => WRITE_TOOLS.has(rule.toolName));
  const writable = writes.map((rule) => (rule.pattern === undefined ? '/' : literalFolder(rule.pattern)));
  const nothingWritable = rules('deny').some((rule) => WRITE_TOOLS.has(rule.toolName) && rule.pattern === undefined);
  return {
    ...(writes.length === 0 && !nothingWritable ? {} : { writable: nothingWritable ? [] : [...new Set(writable)] }),
    readOnly: refusedWrites.flatMap((rule) => (rule.pattern === undefined ? [] : [trimTree(rule.pattern)])),
    readDenied: rules('deny')
      .filter((rule) => rule.toolName === 'Read' && rule.pattern !== undefined)
      .map((rule) => trimTree(rule.pattern as string)),
    allowedDomains: domainsOf(rules('allow')).filter((domain) => !domainsOf(rules('deny')).includes(domain)),
  };
}

/** The domains of `domain:` rules, lower-cased, in order, once each. */
function domainsOf(rules: readonly PermissionRule[]): string[] {
  const domains = rules.flatMap((rule) =>
    rule.pattern?.startsWith('domain:') === true ? [rule.pattern.slice('domain:'.length).trim().toLowerCase()] : [],
  );
  return [...new Set(domains)];
}

/** The folder a path pattern's literal segments name: those before the first one with a glob character. */
function literalFolder(pattern: string): string {
  const segments = pattern.split('/');
  const first = segments.findIndex((segment) => /[*?[]/.test(segment));
  return first === -1 ? pattern : segments.slice(0, first).join('/') || '/';
}

/** `/secret/**` names the folder itself as well: the sandbox hides or protects it whole. */
function trimTree(pattern: string): string {
  return pattern.endsWith('/**') && !/[*?[]/.test(pattern.slice(0, -3)) ? pattern.slice(0, -3) || '/' : pattern;
}
