import { describe, expect, it } from 'vitest';
import { escapeControlCharacters } from './escape-control-characters.js';

describe('escapeControlCharacters', () => {
  it('escapes line breaks and tabs as JSON writes them', () => {
    expect(escapeControlCharacters('a\nb\r\tc\b\f')).toBe('a\\nb\\r\\tc\\b\\f');
  });

  it('escapes the other C0 controls and DEL as \\u escapes', () => {
    expect(escapeControlCharacters('\u0000\u0001\u000b\u001b\u001f\u007f')).toBe(
      '\\u0000\\u0001\\u000b\\u001b\\u001f\\u007f',
    );
  });

  it('IN-6: escapes terminal escape sequences, C1 controls, line separators and bidi overrides', () => {
    expect(escapeControlCharacters('\u001b[31mred\u001b[0m')).toBe('\\u001b[31mred\\u001b[0m');
    expect(escapeControlCharacters('\u001b]0;title\u0007')).toBe('\\u001b]0;title\\u0007');
    expect(escapeControlCharacters('\u0080\u0085\u009b2J\u009d\u009f')).toBe('\\u0080\\u0085\\u009b2J\\u009d\\u009f');
    expect(escapeControlCharacters('a\u2028b\u2029c')).toBe('a\\u2028b\\u2029c');
    expect(escapeControlCharacters('\u202eexe.txt\u202c \u2066x\u2069 \u200e\u200f\u061c')).toBe(
      '\\u202eexe.txt\\u202c \\u2066x\\u2069 \\u200e\\u200f\\u061c',
    );
  });

  it('leaves quotes, backslashes, other non-ASCII text and astral characters as they are', () => {
    const text = `'"\\ \u00a0\u00e9\u0600\u200d\u2027\u202f\u2065\u206a 😀 日本`;
    expect(escapeControlCharacters(text)).toBe(text);
  });

  it('returns the same string when there is nothing to escape, and the empty string as it is', () => {
    expect(escapeControlCharacters('plain text')).toBe('plain text');
    expect(escapeControlCharacters('')).toBe('');
  });
});
