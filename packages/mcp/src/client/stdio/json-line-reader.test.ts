import { describe, expect, it } from 'vitest';
import { JsonLineReader } from './json-line-reader.js';

/** Everything a reader of `limit` reports for `chunks`, in order. */
function events(limit: number, chunks: string[]): unknown[] {
  const seen: unknown[] = [];
  const reader = new JsonLineReader(limit, {
    line: (text) => seen.push(['line', text]),
    oversize: ({ fields, bytes, ended }) => seen.push(['oversize', bytes, ended, fields.id, fields.hasAnswer]),
  });
  for (const chunk of chunks) reader.push(Buffer.from(chunk, 'utf8'));
  return seen;
}

describe('JsonLineReader', () => {
  it('MC-2: lines come whole across pieces, CRLF or LF, empty lines skipped', () => {
    expect(events(100, ['{"a":', '1}\n{"b"', ':2}\r\n', '\n  \n{"c":3}\n{"d"'])).toEqual([
      ['line', '{"a":1}'],
      ['line', '{"b":2}'],
      ['line', '{"c":3}'],
    ]);
  });

  it('MC-2: a line of exactly the limit is kept; one byte more is oversize, reported as it grows and at its end', () => {
    const exact = `{"x":"${'a'.repeat(12)}"}`;
    expect(exact).toHaveLength(20);
    expect(events(20, [`${exact}\n`])).toEqual([['line', exact]]);
    const over = `{"result":{"t":"${'a'.repeat(20)}"},"id":4}`;
    expect(events(20, [over.slice(0, 10), over.slice(10, 30), over.slice(30), '\n{"next":1}\n'])).toEqual([
      ['oversize', 30, false, undefined, true],
      ['oversize', over.length, false, 4, true],
      ['oversize', over.length, true, 4, true],
      ['line', '{"next":1}'],
    ]);
  });

  it('MC-2: a line that never ends keeps nothing and is reported with its growing size; the stream picks up after a newline', () => {
    const seen: number[] = [];
    const reader = new JsonLineReader(1024, { line: () => undefined, oversize: ({ bytes }) => seen.push(bytes) });
    const piece = Buffer.alloc(64 * 1024, 'x');
    for (let index = 0; index < 64; index++) reader.push(piece);
    expect([reader.inOversizeLine, seen.length, seen.at(-1)]).toEqual([true, 64, 64 * 64 * 1024]);
    const lines: string[] = [];
    const next = new JsonLineReader(8, { line: (text) => lines.push(text), oversize: () => undefined });
    next.push(Buffer.from('garbage without end, then\n{"a":1}\n'));
    expect([next.inOversizeLine, lines]).toEqual([false, ['{"a":1}']]);
  });
});
