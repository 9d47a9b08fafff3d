import { specTypeSchemas, type JSONRPCRequest } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { readToolsCall } from './read-tools-call.js';

const request = (params: unknown): JSONRPCRequest =>
  ({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }) as JSONRPCRequest;

describe('reading a tools/call request', () => {
  it('MC-1: the common requests are read without a schema parse, as the SDK schema reads them', () => {
    const cases: ReadonlyArray<[unknown, unknown]> = [
      [{ name: 'echo' }, { name: 'echo' }],
      [{ name: 'echo', arguments: { text: 'hi' } }, { name: 'echo' }],
      [{ name: 'echo', arguments: JSON.parse('{"__proto__": 1}') }, { name: 'echo' }],
      [
        { name: 'echo', _meta: { progressToken: 'p-1' } },
        { name: 'echo', progressToken: 'p-1' },
      ],
      [
        { name: 'echo', _meta: { progressToken: 7 } },
        { name: 'echo', progressToken: 7 },
      ],
      [{ name: 'echo', _meta: {} }, { name: 'echo' }],
    ];
    for (const [params, expected] of cases) {
      expect(readToolsCall(request(params))).toEqual(expected);
      expect(specTypeSchemas.CallToolRequest['~standard'].validate(request(params))).toMatchObject({ value: {} });
    }
  });

  it('MC-1: anything else is left to the SDK schema (and its messages)', () => {
    for (const params of [
      undefined,
      null,
      [],
      { name: 1 },
      { name: 'echo', arguments: [] },
      { name: 'echo', arguments: null },
      { name: 'echo', _meta: null },
      { name: 'echo', _meta: { progressToken: 1.5 } },
      { name: 'echo', _meta: { progressToken: 2 ** 60 } },
      { name: 'echo', _meta: { progressToken: 'p', other: 1 } },
      { name: 'echo', task: { ttl: 5 } },
      { name: 'echo', extra: true },
    ]) {
      expect(readToolsCall(request(params))).toBeUndefined();
    }
  });
});
