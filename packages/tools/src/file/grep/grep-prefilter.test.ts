import { Buffer } from 'node:buffer';
import { RE2JS } from 're2js';
import { describe, expect, it } from 'vitest';
import { createByteSetPrefilter } from './grep-byte-set.js';
import { compileGrepPattern } from './grep-pattern.js';
import { createBytePrefilter, LETTERS_FOLDING_OUTSIDE_ASCII } from './grep-prefilter.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

describe('createBytePrefilter', () => {
  it('PF-3: the ASCII letters whose case variants leave ASCII are exactly k and s, as the engine folds', () => {
    const letters = RE2JS.compile('[a-zA-Z]', RE2JS.CASE_INSENSITIVE);
    const folding = new Set<string>();
    for (let codePoint = 0x80; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (!letters.matches(character)) continue;
      for (const letter of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ') {
        if (RE2JS.compile(letter, RE2JS.CASE_INSENSITIVE).matches(character)) folding.add(letter);
      }
    }
    expect([...folding].sort().join('')).toBe([...LETTERS_FOLDING_OUTSIDE_ASCII].sort().join(''));
  });

  it('PF-3: searches the longest required literal, case-sensitively, from a given offset', () => {
    const prefilter = createBytePrefilter('needle_[0-9]+_markers', false);
    expect(prefilter?.needle).toBe('_markers');
    expect(prefilter?.find(bytes('a _markers b _markers'), 0)).toBe(2);
    expect(prefilter?.find(bytes('a _markers b _markers'), 3)).toBe(13);
    expect(prefilter?.find(bytes('a _MARKERS'), 0)).toBe(-1);
  });

  it('PF-3: under -i, finds any ASCII case of the literal, and leaves out the letters that fold outside ASCII', () => {
    const needle = createBytePrefilter('NEEDLE_[0-9]+_MARKER', true);
    expect(needle?.needle).toBe('NEEDLE_');
    expect(needle?.find(bytes('xx nEeDlE_1'), 0)).toBe(3);
    expect(needle?.find(bytes('xx needle-1'), 0)).toBe(-1);
    // "marker" holds a k (Kelvin sign K): only "mar" can be searched for.
    expect(createBytePrefilter('marker', true)?.needle).toBe('mar');
    expect(createBytePrefilter('sks', true)).toBeUndefined();
    expect(createBytePrefilter('é', true)).toBeUndefined();
  });

  it('PF-3: no prefilter for literals a byte search cannot stand for: line breaks, U+FFFD, lone surrogates', () => {
    expect(createBytePrefilter('a\\nb', false)?.needle).toBe('a');
    expect(createBytePrefilter('caf\uFFFD', false)?.needle).toBe('caf');
    expect(createBytePrefilter('\uFFFD', false)).toBeUndefined();
    expect(createBytePrefilter('\ud800', false)).toBeUndefined();
  });
});

describe('createByteSetPrefilter', () => {
  it('PF-3: a pattern with no literal is searched for the bytes its automaton needs: [0-9][^0-9 ][a-z] needs a digit', () => {
    const compiled = compileGrepPattern('[0-9][^0-9 ][a-z]', { ignoreCase: false, multiline: false });
    if (!compiled.ok) throw new Error(compiled.reason);
    expect(compiled.pattern.bytes?.needle).toBe('[0123456789]');
    expect(compiled.pattern.bytes?.find(bytes('no digits here\nbut 7_x here'), 0)).toBe(19);
    expect(compiled.pattern.bytes?.find(bytes('no digits here'), 0)).toBe(-1);
  });

  it('PF-3: a set that a character outside ASCII may join covers only ASCII files; a large set is no prefilter', () => {
    const wide = createByteSetPrefilter({ ascii: [0x61], wide: true });
    expect(wide?.covers(bytes('plain ascii'))).toBe(true);
    expect(wide?.covers(bytes('café'))).toBe(false);
    expect(createByteSetPrefilter({ ascii: [...bytes('abcdefghijk')], wide: false })).toBeUndefined();
  });
});
