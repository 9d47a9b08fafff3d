import { describe, expect, it } from 'vitest';
import { programName, splitShellWords, type ShellWord } from './shell-words.js';

const texts = (line: string) => (splitShellWords(line) as readonly ShellWord[]).map((word) => word.text);
const flags = (line: string) =>
  (splitShellWords(line) as readonly ShellWord[]).map(({ expands, tilde, assignment }) => ({
    expands,
    tilde,
    assignment,
  }));

describe('splitShellWords (SPEC PM-3)', () => {
  it('PM-3: removes quotes and escapes as bash does', () => {
    expect(texts(`'rm' "rm" r''m \\rm r\\m "a b" 'a "b"' "a \\"b\\" \\\\ \\x"`)).toEqual([
      'rm',
      'rm',
      'rm',
      'rm',
      'rm',
      'a b',
      'a "b"',
      'a "b" \\ \\x',
    ]);
    expect(texts('a\\ b  c\td')).toEqual(['a b', 'c', 'd']);
    expect(texts('rm #-rf /')).toEqual(['rm']);
    expect(texts('rm a#b')).toEqual(['rm', 'a#b']);
    expect(texts("rm '#x'")).toEqual(['rm', '#x']);
    expect(texts('')).toEqual([]);
  });

  it('PM-3: marks what the shell expands, assignments and tildes', () => {
    expect(flags('r* "r*" r? [x] [ x] {a,b} {a..c} {} "{a,b}" a{\'\',}b ~/x ~ FOO=1 a[0]=x A+=1 \'A\'=1')).toEqual([
      { expands: true, tilde: false, assignment: false },
      { expands: false, tilde: false, assignment: false },
      { expands: true, tilde: false, assignment: false },
      { expands: true, tilde: false, assignment: false },
      { expands: false, tilde: false, assignment: false },
      { expands: false, tilde: false, assignment: false },
      { expands: true, tilde: false, assignment: false },
      { expands: true, tilde: false, assignment: false },
      { expands: false, tilde: false, assignment: false },
      { expands: false, tilde: false, assignment: false },
      { expands: true, tilde: false, assignment: false },
      { expands: false, tilde: true, assignment: false },
      { expands: false, tilde: true, assignment: false },
      { expands: false, tilde: false, assignment: true },
      { expands: true, tilde: false, assignment: true },
      { expands: false, tilde: false, assignment: true },
      { expands: false, tilde: false, assignment: false },
    ]);
  });

  it('PM-3: an open quote or a trailing backslash cannot be read', () => {
    expect(splitShellWords("echo 'x")).toEqual({ problem: 'it leaves a single quote open' });
    expect(splitShellWords('echo "x')).toEqual({ problem: 'it leaves a double quote open' });
    expect(splitShellWords('echo x\\')).toEqual({ problem: 'it ends in a backslash' });
  });

  it('PM-3: a program runs as the last part of its path', () => {
    const [first, second, third] = splitShellWords('/bin/rm ./rm rm') as readonly ShellWord[];
    expect([first, second, third].map((word) => programName(word!))).toEqual(['rm', 'rm', 'rm']);
  });
});
