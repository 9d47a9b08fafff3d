/** What a permission pattern is matched against (SPEC PM-2). */
export const SubjectKind = {
  /** A shell command line, matched by `Bash(git:*)`-style patterns. */
  COMMAND: 'COMMAND',
  /** A file path, matched by `Read(/tmp/**)`-style globs. */
  PATH: 'PATH',
} as const;

/** One of the {@link SubjectKind} values. */
export type SubjectKind = (typeof SubjectKind)[keyof typeof SubjectKind];

/**
 * The value a tool exposes for permission matching, from one input field (Bash → `command`,
 * Read → `file_path`). The gate does the matching; an empty value never matches a pattern.
 */
export interface PermissionSubject {
  /** How the value is matched. */
  readonly kind: SubjectKind;
  /** The raw value from the input (`''` when the model left it out). */
  readonly value: string;
  /**
   * The path names a folder the tool walks (Ls, Glob, Grep): a rule `X/**` covers the folder `X`
   * itself, and every path below it that the tool visits is judged on its own (SPEC PA-3).
   */
  readonly tree?: boolean;
}

/** Which input field a tool's subject comes from. */
export interface SubjectSource {
  /** How the value is matched. */
  readonly kind: SubjectKind;
  /** The wire name of the field. */
  readonly parameter: string;
  /** The value when the model leaves the field out (Ls and Grep search `.`, the working directory); default `''`. */
  readonly fallback?: string;
  /** The path names a folder the tool walks; see {@link PermissionSubject.tree}. */
  readonly tree?: boolean;
}
