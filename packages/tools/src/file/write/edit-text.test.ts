import { describe, expect, it } from 'vitest';
import { numberedSnippet, replaceExact } from './edit-text.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('replaceExact and numberedSnippet (Edit on bytes)', () => {
  it('BT-3: replaces every occurrence, left to right without overlap, and says where the first one is', async () => {
    const outcome = await replaceExact(bytes('aaaa é aa'), 'aa', 'ü', true);
    expect(outcome).toMatchObject({ ok: true, replacements: 3, firstByte: 0 });
    expect(outcome.ok && outcome.bytes.toString('utf8')).toBe('üü é ü');
    expect(await replaceExact(bytes('aaaa'), 'aa', 'b', false)).toEqual({
      ok: false,
      problem: 'not-unique',
      occurrences: 2,
    });
    expect(await replaceExact(bytes('abc'), 'x', 'y', true)).toEqual({
      ok: false,
      problem: 'not-found',
      occurrences: 0,
    });
  });

  it('PA-4: the new size is checked before anything is built', async () => {
    expect(await replaceExact(bytes('a'.repeat(10)), 'a', 'bb', true, 15)).toEqual({
      ok: false,
      problem: 'too-large',
      occurrences: 10,
      bytes: 20,
    });
  });

  it('BT-3: the snippet shows two lines around the change, numbered, on the first line, the last line and across CRLF', () => {
    const text = 'one\ntwo\nthree\nfour\nfive\nsix';
    expect(numberedSnippet(bytes(text), 0, 'one')).toBe('     1\tone\n     2\ttwo\n     3\tthree');
    expect(numberedSnippet(bytes(text), text.indexOf('four'), 'four')).toBe(
      '     2\ttwo\n     3\tthree\n     4\tfour\n     5\tfive\n     6\tsix',
    );
    expect(numberedSnippet(bytes(text), text.indexOf('six'), 'six')).toBe('     4\tfour\n     5\tfive\n     6\tsix');
    const crlf = 'a\r\nb\r\nc\r\n';
    expect(numberedSnippet(bytes(crlf), crlf.indexOf('b'), 'b')).toBe('     1\ta\n     2\tb\n     3\tc');
    expect(numberedSnippet(bytes('\n\nx\n'), 2, 'x')).toBe('     1\t\n     2\t\n     3\tx');
  });
});
