import { describe, expect, it } from 'vitest';
import { cutLength, cutText, shortenText } from './cut-text.js';

describe('cutText', () => {
  it('keeps a text within the limit whole', () => {
    expect(cutText('abc', 3)).toEqual({ text: 'abc', cut: false });
    expect(cutText('', 0)).toEqual({ text: '', cut: false });
  });

  it('cuts a longer text at the limit', () => {
    expect(cutText('abcdef', 4)).toEqual({ text: 'abcd', cut: true });
  });

  it('moves the cut back one rather than keep the first half of a surrogate pair', () => {
    expect(cutText('ab😀c', 3)).toEqual({ text: 'ab', cut: true });
    expect(cutText('ab😀c', 4)).toEqual({ text: 'ab😀', cut: true });
    expect(cutText('😀😀😀', 1)).toEqual({ text: '', cut: true });
  });

  it('keeps nothing for a limit of zero or below (a negative count never cuts from the end)', () => {
    expect(cutText('abc', 0)).toEqual({ text: '', cut: true });
    expect(cutText('abcdef', -2)).toEqual({ text: '', cut: true });
    expect(cutText('abc', Number.NaN)).toEqual({ text: '', cut: true });
  });

  it('rounds a fractional limit down', () => {
    expect(cutText('abcdef', 2.9)).toEqual({ text: 'ab', cut: true });
  });
});

describe('cutLength', () => {
  it('is the length kept: the whole text, the limit, or one fewer at a surrogate pair', () => {
    expect(cutLength('abc', 10)).toBe(3);
    expect(cutLength('abcdef', 4)).toBe(4);
    expect(cutLength('a😀', 2)).toBe(1);
    expect(cutLength('abc', -1)).toBe(0);
  });

  it('cuts after a lone trailing half of a pair as after any other unit', () => {
    expect(cutLength('a\udc00bc', 2)).toBe(2);
  });
});

describe('shortenText', () => {
  it('keeps a text that fits whole and ends a cut one with …, never after half a surrogate pair', () => {
    expect(shortenText('abc', 3)).toBe('abc');
    expect(shortenText('abcd', 3)).toBe('abc…');
    expect(shortenText('ab😀c', 3)).toBe('ab…');
    expect(shortenText('ab😀c', 4)).toBe('ab😀…');
  });
});
