import { describe, expect, it } from 'vitest';
import { describeLine } from './describe-line.js';

describe('describeLine', () => {
  it('MC-2: a JSON line that is no JSON-RPC message names its id and whether it has a method', () => {
    expect(
      [
        '{"jsonrpc":"2.0","id":3,"result":"x"}',
        '{"id":"a","method":5}',
        '{"id":null}',
        '[{"id":1}]',
        '"text"',
        '{"id":{"a":1}}',
      ].map(describeLine),
    ).toEqual([
      { id: 3, hasMethod: false },
      { id: 'a', hasMethod: true },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: false },
      { id: undefined, hasMethod: false },
    ]);
  });

  it('MC-2: a line cut in the middle still names its id when it came before the cut', () => {
    expect(
      ['{"jsonrpc":"2.0","id":9,"result":{"content":[', '{"method":"ping","id":"s', 'not json'].map(describeLine),
    ).toEqual([
      { id: 9, hasMethod: false },
      { id: undefined, hasMethod: true },
      { id: undefined, hasMethod: false },
    ]);
  });
});
