import { ProtocolError } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { readTransportFailure, transportFailure } from './transport-failure.js';

describe('transportFailure', () => {
  it('MC-2: the answer the transport gives a call reads back as its message, from the data the SDK keeps', () => {
    const answer = transportFailure(4, 'The answer was too large.');
    expect(answer).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: {
        code: -32603,
        message: 'The answer was too large.',
        data: { 'toolwright.transportFailure': 'The answer was too large.' },
      },
    });
    const thrown = new ProtocolError(answer.error.code, answer.error.message, answer.error.data);
    expect([thrown.message, readTransportFailure(thrown)]).toEqual([
      'The answer was too large.',
      'The answer was too large.',
    ]);
  });

  it("MC-2: a server's own errors, other codes and other throws are not taken for one", () => {
    const others = [
      new ProtocolError(-32603, 'Internal error'),
      new ProtocolError(-32603, 'x', { 'toolwright.transportFailure': 5 }),
      new ProtocolError(-32600, 'x', { 'toolwright.transportFailure': 'x' }),
      new Error('Not connected'),
      'text',
      undefined,
    ];
    expect(others.map(readTransportFailure)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
