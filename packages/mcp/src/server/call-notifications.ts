import type { ToolLogger, ToolProgress } from '@toolwright/core';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  LoggingLevel,
  ProgressToken,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';

/**
 * What {@link createCallNotifications} needs of the request being answered: its session (for the
 * client's log level) and the SDK's `sendNotification`, which ties a notification to the request.
 */
export type NotifyingRequest = Pick<
  RequestHandlerExtra<ServerRequest, ServerNotification>,
  'sessionId' | 'sendNotification'
>;

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
 * as logging notifications through the SDK's `sendLoggingMessage`, which honours the level the
 * client set with `logging/setLevel`: `logger` is the tool's name, `data` is
 * `{ message, ...fields }` as JSON (fields that cannot be written as JSON are left out).
 * Nothing here throws; a notification the transport refuses is lost, never the call.
 */
export function createCallNotifications(
  server: Server,
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
      track(() =>
        server.sendLoggingMessage(
          { level: LEVELS[method], logger: toolName, data: logData(message, fields) },
          request.sessionId,
        ),
      );
  return {
    ...(progressToken === undefined
      ? {}
      : {
          onProgress: (update: ToolProgress) =>
            track(() =>
              request.sendNotification({ method: 'notifications/progress', params: { progressToken, ...update } }),
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
