/** What a tool may do to the world (SPEC TC-10); run options decide which levels may run (PO-2). */
export const SafetyLevel = {
  /** Reads only: runs by default. */
  READ_ONLY: 'READ_ONLY',
  /** Changes files or other state: needs `allowWrite`. */
  WRITE: 'WRITE',
  /** Runs shell commands: needs `allowBash`. */
  BASH: 'BASH',
} as const;

/** One of the {@link SafetyLevel} values. */
export type SafetyLevel = (typeof SafetyLevel)[keyof typeof SafetyLevel];

/**
 * A tool's declared safety: its level, whether its effects can destroy data, and — when the tool
 * says — whether a repeated call changes anything more and whether it reaches beyond the host
 * (MCP's four tool hints, SPEC MP-4).
 */
export interface ToolSafety {
  /** What the tool may do. */
  readonly level: SafetyLevel;
  /** True when a call can destroy data (delete, overwrite, kill). */
  readonly destructive: boolean;
  /** True when calling again with the same arguments changes nothing more (unsaid: not promised). */
  readonly idempotent?: boolean;
  /** True when a call reaches an open world (the network, other people's systems); false for a closed one (the host's files). Unsaid: open. */
  readonly openWorld?: boolean;
}

/** Whether a tool's calls may run beside other calls of the same model turn (SPEC TC-10, PO-6). */
export const Concurrency = {
  /** Safe to run in parallel with other calls. */
  PARALLEL: 'PARALLEL',
  /** Runs alone: no other call of the batch runs at the same time. */
  EXCLUSIVE: 'EXCLUSIVE',
} as const;

/** One of the {@link Concurrency} values. */
export type Concurrency = (typeof Concurrency)[keyof typeof Concurrency];

/** Normalises the shorthand `SafetyLevel` or a full declaration into a frozen {@link ToolSafety}. */
export function toToolSafety(safety: SafetyLevel | ToolSafety): ToolSafety {
  if (typeof safety === 'string') return Object.freeze({ level: safety, destructive: false });
  const declared: { -readonly [Key in keyof ToolSafety]: ToolSafety[Key] } = {
    level: safety.level,
    destructive: safety.destructive,
  };
  if (safety.idempotent !== undefined) declared.idempotent = safety.idempotent;
  if (safety.openWorld !== undefined) declared.openWorld = safety.openWorld;
  return Object.freeze(declared);
}
