import { describe, expect, it } from 'vitest';
import { TopLevelFields } from './top-level-fields.js';

/** The fields of `text` fed in pieces of `size` bytes. */
function read(
  text: string,
  size = Number.MAX_SAFE_INTEGER,
): Pick<TopLevelFields, 'id' | 'hasMethod' | 'hasAnswer' | 'broken'> {
  const fields = new TopLevelFields();
  const bytes = Buffer.from(text, 'utf8');
  for (let start = 0; start < bytes.length; start += size) fields.feed(bytes.subarray(start, start + size));
  return { id: fields.id, hasMethod: fields.hasMethod, hasAnswer: fields.hasAnswer, broken: fields.broken };
}

const answer = (id: string | number | undefined) => ({ id, hasMethod: false, hasAnswer: true, broken: false });

describe('TopLevelFields', () => {
  it('MC-2: the id of an answer is found wherever it stands, in pieces of any size', () => {
    const messages: [string, string | number][] = [
      ['{"result":{"content":[{"type":"text","text":"a \\"quoted\\" } ] , text"}]},"jsonrpc":"2.0","id":7}', 7],
      ['{"jsonrpc":"2.0","id":"call-1","result":{"x":[1,{"id":99}]}}', 'call-1'],
      ['{ "jsonrpc" : "2.0" , "error" : { "code" : -1 , "message" : "m" } , "id" : 12 }', 12],
      ['{"id":"\\u0041\\\\b","result":{}}', 'A\\b'],
      ['{"result":{"id":1,"text":"\\\\"},"id":-3.5e2}', -350],
      ['{"id":1,"result":{},"id":2}', 2],
      ['{"result":{"text":"é ✓ 𝄞"},"id":0}', 0],
    ];
    for (const [text, id] of messages) {
      for (const size of [1, 2, 3, 7, 1000]) expect([text, size, read(text, size)]).toEqual([text, size, answer(id)]);
    }
  });

  it('MC-2: a request or notification is told apart by its method; an id that is no string or number is none', () => {
    expect(read('{"method":"ping","params":{"id":5,"result":1},"jsonrpc":"2.0","id":"s1"}', 3)).toEqual({
      id: 's1',
      hasMethod: true,
      hasAnswer: false,
      broken: false,
    });
    expect(read('{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"x"}}')).toEqual({
      id: undefined,
      hasMethod: true,
      hasAnswer: false,
      broken: false,
    });
    for (const id of ['null', 'true', '{"a":1}', '[1]', `"${'x'.repeat(200)}"`, '1'.repeat(200)]) {
      expect([id, read(`{"id":${id},"result":{}}`, 5)]).toEqual([id, answer(undefined)]);
    }
  });

  it('MC-2: a line that is not one JSON object is broken from the byte that says so', () => {
    for (const text of [
      'garbage',
      '[{"id":1}]',
      '"id"',
      '{"id":1}{"id":2}',
      '{"id":1} x',
      '{id:1}',
      '{"id" 1}',
      '{"id":,}',
    ]) {
      expect([text, read(text).broken]).toEqual([text, true]);
    }
    expect(read('  {"id":1,"result":{}}  ').broken).toBe(false);
    expect(read('{"result":{"text":"unterminated').broken).toBe(false);
  });
});
