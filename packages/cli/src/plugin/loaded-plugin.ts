import type { Tool } from '@toolwright/core';

/** The tools of one plugin module, and what to release when done. */
export interface LoadedPlugin {
  /** The module as given (`builtin`, or the path). */
  readonly name: string;
  /** Its tools, in export order. */
  readonly tools: readonly Tool[];
  /** Where each tool came from: `default export`, `default export [2]`, `export OrdersTool`, or `builtin`. */
  readonly origins: ReadonlyMap<Tool, string>;
  /**
   * The kernel sandbox of the plugin's shell, for the banner (`bubblewrap (writable: /work, /tmp;
   * network: off)`, or `none (…why)`), when the plugin is the builtin one with its Bash tools.
   */
  readonly sandbox?: string;
  /** Ends what the tools started (background commands). */
  dispose(): Promise<void>;
}
