import type { ToolLogger, ToolProgress } from '@toolwright/core';
import type { ProgressToken } from '@modelcontextprotocol/server';
import { createCallNotifications, type CallNotifications, type NotifyingRequest } from './call-notifications.js';

/**
 * One `tools/call`'s notifications, made only when needed (SPEC IN-6): at once when the request
 * asked for progress, else on the tool's first log line. A call that neither reports progress to
 * a listening client nor logs costs one object. The channel is the call's logger.
 */
export class CallChannel implements ToolLogger {
  readonly #request: NotifyingRequest;
  readonly #toolName: string;
  #notifications: CallNotifications | undefined;

  constructor(request: NotifyingRequest, toolName: string, progressToken: ProgressToken | undefined) {
    this.#request = request;
    this.#toolName = toolName;
    if (progressToken !== undefined) this.#notifications = createCallNotifications(request, toolName, progressToken);
    Object.freeze(this);
  }

  /** The gate call's `onProgress`: present only when the client asked for progress. */
  get onProgress(): ((update: ToolProgress) => void) | undefined {
    return this.#notifications?.onProgress;
  }

  /** Sends a `debug` log line. */
  debug(message: string, fields?: Record<string, unknown>): void {
    this.#made().logger.debug(message, fields);
  }

  /** Sends an `info` log line. */
  info(message: string, fields?: Record<string, unknown>): void {
    this.#made().logger.info(message, fields);
  }

  /** Sends a `warning` log line. */
  warn(message: string, fields?: Record<string, unknown>): void {
    this.#made().logger.warn(message, fields);
  }

  /** Sends an `error` log line. */
  error(message: string, fields?: Record<string, unknown>): void {
    this.#made().logger.error(message, fields);
  }

  /** Resolves once everything sent has gone to the transport; `undefined` when nothing was sent. */
  static sent(channel: CallChannel): Promise<void> | undefined {
    return channel.#notifications?.sent();
  }

  #made(): CallNotifications {
    return (this.#notifications ??= createCallNotifications(this.#request, this.#toolName, undefined));
  }
}
