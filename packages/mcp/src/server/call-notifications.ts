import type { ToolLogger, ToolProgress } from '@toolwright/core';
import type { LoggingLevel, ProgressToken, ServerContext } from '@modelcontextprotocol/server';

/**
 * What {@link createCallNotifications} needs of the request being answered: the SDK's `notify`
 * and `log`, which tie a notification to the request (so an HTTP response streams it).
 */
export interface NotifyingRequest {
  readonly mcpReq: Pick<ServerContext['mcpReq'], 'notify' | 'log'>;
}

/** One `tools/call`'s way to the client: the gate call's `onProgress` and `logger`, and a wait for what they sent. */
export interface CallNotifications {
  /** Sends `notifications/progress`; absent when the client asked for no progress (no `progressToken`). */
  readonly onProgress?: (update: ToolProgress) => void;
  /** Sends `notifications/message` at the tool's level, named after the tool, if the client's level lets it through. */
  readonly logger: ToolLogger;
  /** Resolves once every notification sent so far has gone to the transport (or failed to). */
  sent(): Promise<void>;
}

/** The MCP level of each logger method. */
const LEVELS = { debug: 'debug', info: 'info', warn: 'warning', error: 'error' } as const satisfies Record<
  keyof ToolLogger,
  LoggingLevel
>;

/**
 * The notifications of one `tools/call` (SPEC IN-6). Progress goes out only when the request
 * carried a `progressToken`, tied to that request, as `{ progressToken, progress, total?, message? }`
 * (the gate has already checked the updates and stops them when the call ends). Log lines go out
 * as logging notifications through the SDK's request-bound `log`, which honours the level the
 * client asked for (`logging/setLevel` on the 2025 revisions; the request's own `logLevel` on
 * 2026-07-28, where a request that names none gets no log lines): `logger` is the tool's name, `data` is
 * `{ message, ...fields }` as JSON (fields that cannot be written as JSON are left out).
 * Nothing here throws; a notification the transport refuses is lost, never the call.
 */
export function createCallNotifications(
  request: NotifyingRequest,
  toolName: string,
  progressToken: ProgressToken | undefined,
): CallNotifications {
  const pending: Promise<unknown>[] = [];
  const track = (send: () => Promise<unknown>): void => {
    try {
      pending.push(send().catch(() => undefined));
    } catch {
      // A notification that cannot be sent is lost; the call goes on.
    }
  };
  const log =
    (method: keyof ToolLogger) =>
    (message: string, fields?: Record<string, unknown>): void =>
      // `log` is deprecated by the 2026-07-28 revision (SEP-2577), which still carries it.
      track(() => request.mcpReq.log(LEVELS[method], logData(message, fields), toolName));
  return {
    ...(progressToken === undefined
      ? {}
      : {
          onProgress: (update: ToolProgress) =>
            track(() =>
              request.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, ...update } }),
            ),
        }),
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    sent: async () => {
      await Promise.all(pending);
    },
  };
}

/** `{ message, ...fields }` as plain JSON data; the message itself wins over a field of that name. */
function logData(message: unknown, fields: unknown): Record<string, unknown> {
  let text = '';
  try {
    text = typeof message === 'string' ? message : String(message);
    const extra = typeof fields === 'object' && fields !== null && !Array.isArray(fields) ? fields : {};
    const data = JSON.parse(JSON.stringify({ message: text, ...extra })) as Record<string, unknown>;
    data.message = text;
    return data;
  } catch {
    return { message: text };
  }
}
