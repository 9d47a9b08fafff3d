import type { LoggingLevel } from '@modelcontextprotocol/server';
import { isPlainObject } from '@toolwright/core/internal';

/** MCP's log levels in order of severity, least first. */
export const LOG_LEVELS: readonly LoggingLevel[] = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
];

/** How many sessions' levels are kept; past it, the level set longest ago is forgotten (every level again). */
const MAX_SESSIONS = 10_000;

/**
 * The log level each 2025-revision HTTP session asked for with `logging/setLevel` (SPEC MP-3). The
 * server answers each request with a server of its own, which never saw the level set, so the
 * HTTP server keeps it by the session id it gave at `initialize`, and the session's later calls
 * send only the lines at that level and above. At most 10,000 sessions are remembered.
 */
export class SessionLogLevels {
  readonly #levels = new Map<string, LoggingLevel>();

  /** Notes the level of a `logging/setLevel` request of a session; anything else is passed over. */
  take(session: string | undefined, message: unknown): void {
    if (session === undefined || !isPlainObject(message) || message.method !== 'logging/setLevel') return;
    const level = isPlainObject(message.params) ? message.params.level : undefined;
    if (typeof level !== 'string' || !LOG_LEVELS.includes(level as LoggingLevel)) return;
    this.#levels.delete(session);
    this.#levels.set(session, level as LoggingLevel);
    if (this.#levels.size > MAX_SESSIONS) this.#levels.delete(this.#levels.keys().next().value!);
  }

  /** The level a session asked for, if it did. */
  of(session: string | undefined): LoggingLevel | undefined {
    return session === undefined ? undefined : this.#levels.get(session);
  }
}
