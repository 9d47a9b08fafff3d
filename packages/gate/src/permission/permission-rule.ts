/** The lists a permission rule can stand in, strongest first: deny > ask > allow. */
export type RuleList = 'deny' | 'ask' | 'allow';

/** One entry of a permission list, parsed but not yet tied to a tool's subject kind. */
export interface PermissionRule {
  /** The entry as written (`Bash(git:*)`). */
  readonly source: string;
  /** The list it stands in. */
  readonly list: RuleList;
  /** The tool it is about; case-sensitive. */
  readonly toolName: string;
  /** The text between the parentheses; absent for a bare `Name`, which matches every call. */
  readonly pattern?: string;
}

const RULE = /^([A-Za-z0-9_-]+)(?:\((.*)\))?$/s;

/**
 * Parses `Name` or `Name(pattern)` (SPEC PM-1). Returns the rule, or the reason it cannot be
 * interpreted: an empty pattern `()`, unbalanced parentheses, or anything but a tool name before
 * the parenthesis. Outer whitespace of the entry is ignored; the pattern is kept exactly.
 */
export function parsePermissionRule(source: string, list: RuleList): PermissionRule | { readonly problem: string } {
  if (typeof source !== 'string') return { problem: `a ${list} entry must be a string` };
  const entry = source.trim();
  const match = RULE.exec(entry);
  if (match === null) {
    return {
      problem: `'${source}' is neither Name nor Name(pattern) (unbalanced parentheses, or a tool name with characters other than letters, digits, '_' and '-')`,
    };
  }
  const toolName = match[1] as string;
  const pattern = match[2];
  if (pattern === undefined) return { source: entry, list, toolName };
  if (pattern === '') return { problem: `'${source}' has an empty pattern; write ${toolName} to allow every call` };
  if (!balanced(pattern)) return { problem: `'${source}' has unbalanced parentheses` };
  return { source: entry, list, toolName, pattern };
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const character of text) {
    if (character === '(') depth++;
    else if (character === ')' && --depth < 0) return false;
  }
  return depth === 0;
}
