import { describe, expect, it } from 'vitest';
import { escapeControlCharacters } from './escape-control-characters.js';

describe('escapeControlCharacters', () => {
  it('escapes line breaks and tabs as JSON writes them', () => {
    expect(escapeControlCharacters('a\nb\r\tc\b\f')).toBe('a\\nb\\r\\tc\\b\\f');
  });

  it('escapes the other C0 controls and DEL as \\u escapes', () => {
    expect(escapeControlCharacters('\u0000\u0001\u001b\u001f\u007f')).toBe('\\u0000\\u0001\\u001b\\u001f\\u007f');
  });

  it('leaves quotes, backslashes, C1 controls, line separators and astral characters as they are', () => {
    const text = `'"\\ \u0080\u009f\u2028 😀 é`;
    expect(escapeControlCharacters(text)).toBe(text);
  });

  it('returns the same string when there is nothing to escape, and the empty string as it is', () => {
    expect(escapeControlCharacters('plain text')).toBe('plain text');
    expect(escapeControlCharacters('')).toBe('');
  });
});
