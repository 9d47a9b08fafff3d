import type { SubjectSource } from '@toolwright/core';

/** Read, Write and Edit take their permission subject from `file_path` (SPEC PM-2, BT-3). */
export const FILE_PATH_SUBJECT: SubjectSource = Object.freeze({ kind: 'PATH', parameter: 'file_path' });

/**
 * Ls, Glob and Grep take theirs from `path`; left out, it is `.`: the call's working directory.
 * It names a folder they walk: every path they visit is judged on its own (SPEC PA-3).
 */
export const SEARCH_PATH_SUBJECT: SubjectSource = Object.freeze({
  kind: 'PATH',
  parameter: 'path',
  fallback: '.',
  tree: true,
});

/** The searching tools answer to `Read(...)` rules too, as in Claude Code. */
export const SEARCH_PERMISSION_ALIASES: readonly string[] = Object.freeze(['Read']);

/** Write answers to `Edit(...)` rules too, as in Claude Code (Edit rules cover every tool that changes files). */
export const WRITE_PERMISSION_ALIASES: readonly string[] = Object.freeze(['Edit']);
