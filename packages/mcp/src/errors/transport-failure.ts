import { ProtocolError, type JSONRPCErrorResponse, type RequestId } from '@modelcontextprotocol/client';

/** The JSON-RPC code of a call the client's transport answered itself (the SDK's internal error). */
const TRANSPORT_FAILURE_CODE = -32603;

/** The marker in the error's data that says the transport, not the server, answered. */
const MARKER = 'toolwright.transportFailure';

/**
 * The error answer the transport gives a request of its client when the server's answer cannot
 * be delivered (over the size limit, not JSON-RPC, lost with a restarted server): `message` is
 * one line for the model, kept in the data too, so the tool's result carries it whatever the
 * SDK makes of the message.
 */
export function transportFailure(id: RequestId, message: string): JSONRPCErrorResponse {
  return { jsonrpc: '2.0', id, error: { code: TRANSPORT_FAILURE_CODE, message, data: { [MARKER]: message } } };
}

/** The message of a {@link transportFailure} the SDK client threw for a call, or undefined for any other error. */
export function readTransportFailure(error: unknown): string | undefined {
  if (!(error instanceof ProtocolError) || error.code !== TRANSPORT_FAILURE_CODE) return undefined;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const message = (data as Record<string, unknown>)[MARKER];
  return typeof message === 'string' ? message : undefined;
}

/** What a call whose answer was over the limit for one message gets: one line for the model, saying what to change. */
export function answerTooLarge(maxMessageBytes: number): string {
  return `The MCP server's answer to this call was over ${maxMessageBytes} bytes, the limit for one message, and was dropped; the tool may have run. Ask for less: a narrower query, fewer items or a smaller range.`;
}
