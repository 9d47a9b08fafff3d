import { describe, expect, it } from 'vitest';
import { CallLedger, isCancellation } from './call-ledger.js';

describe('CallLedger', () => {
  it("MC-2: a client's request waits until answered, cancelled or settled by the transport", () => {
    const ledger = new CallLedger();
    for (const id of [1, 2, 3, 'four']) ledger.sent({ jsonrpc: '2.0', id, method: 'tools/call' });
    ledger.received({ jsonrpc: '2.0', id: 1, result: {} });
    ledger.received({ jsonrpc: '2.0', id: 2, error: { code: -1, message: 'no' } });
    ledger.sent({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3 } });
    expect([ledger.pending(), ledger.settle('four'), ledger.settle('four'), ledger.pending()]).toEqual([
      ['four'],
      true,
      false,
      [],
    ]);
  });

  it("MC-2: the client's answer goes on only to a request of the server it holds, and not once the server is forgotten", () => {
    const ledger = new CallLedger();
    ledger.received({ jsonrpc: '2.0', id: 'a', method: 'ping' });
    ledger.received({ jsonrpc: '2.0', id: 'b', method: 'ping' });
    expect(ledger.sent({ jsonrpc: '2.0', id: 'a', result: {} })).toBe(true);
    expect(ledger.sent({ jsonrpc: '2.0', id: 'a', result: {} })).toBe(false);
    ledger.forgetServerRequests();
    expect(ledger.sent({ jsonrpc: '2.0', id: 'b', result: {} })).toBe(false);
    expect(ledger.sent({ jsonrpc: '2.0', method: 'notifications/initialized' })).toBe(true);
  });

  it('MC-2: only notifications/cancelled is a cancellation', () => {
    expect(
      [
        { jsonrpc: '2.0' as const, method: 'notifications/cancelled', params: { requestId: 1 } },
        { jsonrpc: '2.0' as const, method: 'notifications/progress' },
        { jsonrpc: '2.0' as const, id: 1, method: 'notifications/cancelled' },
      ].map(isCancellation),
    ).toEqual([true, false, false]);
  });
});
