import { isAbsolute, posix } from 'node:path';
import { ToolwrightError } from '@toolwright/core';

/** How the file tools are set up. */
export interface FileToolOptions {
  /**
   * Confine every file tool to this folder (absolute): paths outside it, lexically or through a
   * symlink, are refused. Without it the tools go wherever the gate's permissions let them.
   */
  readonly workspace?: string;
}

/** {@link FileToolOptions} checked once, at the entry. */
export interface FileToolSettings {
  /** The workspace, absolute and normalised, when the tools are confined. */
  readonly workspace: string | undefined;
}

/** Checks the options; throws for a relative or empty workspace (a configuration mistake). */
export function toFileToolSettings(options: FileToolOptions = {}): FileToolSettings {
  const workspace = options.workspace;
  if (workspace === undefined) return Object.freeze({ workspace: undefined });
  if (typeof workspace !== 'string' || !isAbsolute(workspace) || workspace.includes('\0')) {
    throw new ToolwrightError(
      'INVALID_OPTIONS',
      `The file tools' workspace must be an absolute path, not ${JSON.stringify(workspace)}.`,
    );
  }
  return Object.freeze({ workspace: posix.resolve(workspace) });
}
