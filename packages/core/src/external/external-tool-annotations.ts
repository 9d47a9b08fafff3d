/** Hints an external source gives about a tool's behaviour (MCP tool annotations). Untrusted by default. */
export interface ExternalToolAnnotations {
  /** A human-readable title. */
  readonly title?: string;
  /** The tool does not change its environment. */
  readonly readOnlyHint?: boolean;
  /** The tool may destroy data (meaningful when not read-only; MCP's default is true). */
  readonly destructiveHint?: boolean;
  /** Calling it again with the same arguments has no further effect. */
  readonly idempotentHint?: boolean;
  /** The tool reaches an open world (the web), not a closed domain. */
  readonly openWorldHint?: boolean;
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The known hints of `source` with the right types, frozen; everything else is dropped. */
export function readAnnotations(source: Record<string, unknown>): ExternalToolAnnotations {
  const annotations: Record<string, string | boolean> = {};
  if (typeof source.title === 'string') annotations.title = source.title;
  for (const hint of HINTS) {
    if (typeof source[hint] === 'boolean') annotations[hint] = source[hint];
  }
  return Object.freeze(annotations);
}
