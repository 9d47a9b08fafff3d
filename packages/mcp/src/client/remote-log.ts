import type { ToolLogger } from '@toolwright/core';
import { isPlainObject, shortenText } from '@toolwright/core/internal';

/** The ToolLogger method of each MCP log level (RFC 5424's eight). */
const METHODS: Readonly<Record<string, keyof ToolLogger>> = {
  debug: 'debug',
  info: 'info',
  notice: 'info',
  warning: 'warn',
  error: 'error',
  critical: 'error',
  alert: 'error',
  emergency: 'error',
};

/** The longest message kept from a server's log line: it is untrusted text. */
const MAX_MESSAGE_CHARS = 4_000;

/**
 * Writes a server's `notifications/message` to a tool's logger (SPEC MP-6): at its level
 * (`notice` as info; `critical`, `alert`, `emergency` as error), the message being `data` when
 * it is a string, else its `message` field, else `data` as JSON (cut to 4,000 characters); the
 * fields say which server and logger it came from, with the MCP level and `data` when it is not
 * a string. A line that is not a log message is dropped.
 */
export function forwardRemoteLog(params: unknown, origin: string, logger: ToolLogger): void {
  if (!isPlainObject(params) || typeof params.level !== 'string') return;
  const method = METHODS[params.level];
  if (method === undefined) return;
  const { data } = params;
  const text =
    typeof data === 'string'
      ? data
      : isPlainObject(data) && typeof data.message === 'string'
        ? data.message
        : (JSON.stringify(data) ?? '');
  const fields: Record<string, unknown> = { source: origin, level: params.level };
  if (typeof params.logger === 'string') fields.logger = params.logger;
  if (typeof data !== 'string' && data !== undefined) fields.data = data;
  try {
    logger[method](shortenText(text, MAX_MESSAGE_CHARS), fields);
  } catch {
    // A logger that throws loses the line, never the call.
  }
}
