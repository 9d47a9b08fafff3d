import type { ToolInput } from '../input/tool-input.js';
import type { JsonObject } from '../json/json.js';
import type { PermissionSubject } from './permission-subject.js';
import type { Concurrency, ToolSafety } from './safety.js';
import type { ToolContext } from './tool-context.js';
import type { ToolResult } from './tool-result.js';

/** What one call reads and what it changes, for input-aware concurrency (SPEC PO-6). */
export interface ResourceClaim {
  /** Resources the call only reads: readers of a resource run side by side. */
  readonly reads?: readonly string[];
  /** Resources the call changes: a writer waits for every earlier call on the resource, and later ones wait for it. */
  readonly writes?: readonly string[];
}

/**
 * A tool as the gate sees it (SPEC TC-3). `execute` never throws or rejects: whatever goes wrong
 * comes back as an error {@link ToolResult}. Implement it by extending `AbstractTool` or
 * `GenericTool`, which guarantee that.
 */
export interface Tool {
  /** The name the model calls (`^[a-zA-Z0-9_-]{1,64}$`). */
  readonly name: string;
  /** What the model reads about the tool. */
  readonly description: string;
  /** A name for people (MCP's `title`), when the tool has one. */
  readonly title?: string;
  /** The JSON Schema of the input, `additionalProperties: false` at the top level (TC-5). */
  readonly inputSchema: JsonObject;
  /** The JSON Schema of the structured output, when the tool declares one. */
  readonly outputSchema?: JsonObject;
  /** What the tool may do (TC-10). */
  readonly safety: ToolSafety;
  /** Whether calls may run in parallel (TC-10). */
  readonly concurrency: Concurrency;
  /**
   * The longest one call may take, in ms, when the host sets no limit for this tool by name: the
   * gate ends the call with an error result after it, without the tool's cooperation (PO-4). A
   * host's per-tool limit (`toolTimeoutsMs`) wins over it; it wins over the host's general
   * `timeoutMs`.
   */
  readonly timeoutMs?: number;
  /** Runs one call. Never throws, never rejects. */
  execute(input: ToolInput, context: ToolContext): Promise<ToolResult>;
  /** The value permission patterns are matched against, for tools listed as `Name(pattern)` (PM-2). */
  permissionSubject?(input: ToolInput): PermissionSubject | undefined;
  /**
   * A custom permission rule, for tools whose calls a single subject cannot describe (a browser's
   * `action:url`): true when the call matches the pattern of `Name(pattern)`. Consulted only when
   * the tool exposes no subject for the call (PM-2). Throwing counts as "cannot judge".
   */
  matchesPermissionPattern?(pattern: string, input: ToolInput): boolean;
  /**
   * Other tool names whose permission rules apply to this tool's calls too (Grep, Glob and Ls
   * answer to `Read(...)` rules, Write to `Edit(...)` rules, as in Claude Code).
   */
  readonly permissionAliases?: readonly string[];
  /**
   * The resources one call touches (PO-6): a list names what it changes (an Edit's file); a
   * {@link ResourceClaim} also names what it only reads. Keys are compared as paths: `/a` overlaps
   * `/a/b`. `cwd` is the call's working directory, for relative paths.
   */
  resourceKeys?(input: ToolInput, cwd?: string): readonly string[] | ResourceClaim;
}
