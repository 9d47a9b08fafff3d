import { describe, expect, it } from 'vitest';
import { countCharacters } from './count-characters.js';

describe('countCharacters', () => {
  it('PO-3: counts code points: a surrogate pair once, a lone half once, everything else once', () => {
    expect(countCharacters('')).toBe(0);
    expect(countCharacters('abc')).toBe(3);
    expect(countCharacters('aé漢')).toBe(3);
    expect(countCharacters('😀')).toBe(1);
    expect(countCharacters('a😀b😀')).toBe(4);
    expect(countCharacters('\ud83d')).toBe(1);
    expect(countCharacters('\ude00\ud83d')).toBe(2);
    expect(countCharacters('a\ud83db')).toBe(3);
    expect(countCharacters('😀'.repeat(10_000))).toBe(10_000);
  });
});
