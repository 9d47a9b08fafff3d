import { describe, expect, it } from 'vitest';
import { matchesRule, parseGitignore, parseGitignoreInSlices, type GitignoreRule } from './gitignore-rule.js';

/** The rules of a .gitignore as plain data: flags, and the pattern as text. */
function parsed(text: string | Buffer) {
  return parseGitignore(typeof text === 'string' ? Buffer.from(text) : text).map((rule) => ({
    pattern: Buffer.from(rule.source.subarray(rule.start, rule.end)).toString(),
    flags: [rule.negative && 'negative', rule.folderOnly && 'folder', rule.basename && 'basename']
      .filter(Boolean)
      .join(' '),
    literalPrefix: rule.literalPrefix,
  }));
}

const rule = (line: string): GitignoreRule => parseGitignore(Buffer.from(line))[0] as GitignoreRule;
/** Whether the rule of `line` matches `path`. */
function matches(line: string, path: string, isFolder = false): boolean {
  const bytes = Buffer.from(path);
  const slashes = [...bytes.keys()].filter((index) => bytes[index] === 0x2f);
  return matchesRule(rule(line), bytes, bytes.lastIndexOf('/') + 1, slashes, isFolder);
}

describe('parseGitignore', () => {
  it('BT-3: one rule a line; blank lines and comments skipped; \\# and \\! are patterns', () => {
    expect(parsed('# comment\n\nbuild\n  # not a comment\n\\#hash\n\\!bang\n!keep\n')).toEqual([
      { pattern: 'build', flags: 'basename', literalPrefix: 5 },
      { pattern: '  # not a comment', flags: 'basename', literalPrefix: 17 },
      { pattern: '\\#hash', flags: 'basename', literalPrefix: 0 },
      { pattern: '\\!bang', flags: 'basename', literalPrefix: 0 },
      { pattern: 'keep', flags: 'negative basename', literalPrefix: 4 },
    ]);
  });

  it('BT-3: trailing spaces dropped unless escaped; one \\r before the line end dropped; a NUL ends the line', () => {
    expect(parsed('a  \nb\\ \nc\\  \nd\r\ne\r \nf\u0000g\n   \n\\')).toEqual([
      { pattern: 'a', flags: 'basename', literalPrefix: 1 },
      { pattern: 'b\\ ', flags: 'basename', literalPrefix: 1 },
      { pattern: 'c\\ ', flags: 'basename', literalPrefix: 1 },
      { pattern: 'd', flags: 'basename', literalPrefix: 1 },
      { pattern: 'e\r', flags: 'basename', literalPrefix: 2 },
      { pattern: 'f', flags: 'basename', literalPrefix: 1 },
      { pattern: '\\', flags: 'basename', literalPrefix: 0 },
    ]);
  });

  it('BT-3: a trailing / makes a folder rule; any other / anchors it (one leading / dropped); a UTF-8 BOM is skipped', () => {
    expect(
      parsed(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('dist/\n/root\na/b*\n!x/\n//twice\n/\n!\n')])),
    ).toEqual([
      { pattern: 'dist', flags: 'folder basename', literalPrefix: 4 },
      { pattern: 'root', flags: '', literalPrefix: 4 },
      { pattern: 'a/b*', flags: '', literalPrefix: 3 },
      { pattern: 'x', flags: 'negative folder basename', literalPrefix: 1 },
      { pattern: '/twice', flags: '', literalPrefix: 6 },
    ]);
  });

  it('PA-4: a large file is read in slices: the same rules, with the event loop let run between', async () => {
    const text = Buffer.from(Array.from({ length: 5_000 }, (_, index) => `rule-${index}`).join('\n'));
    let asked = 0;
    const sliced = parseGitignoreInSlices(text, () => (++asked % 2 === 0 ? Promise.resolve() : undefined));
    expect(sliced).toBeInstanceOf(Promise);
    // Each rule holds the file's bytes: compared by where its pattern is, not byte by byte.
    const where = (rules: readonly GitignoreRule[]) =>
      rules.map(({ source, ...rest }) => ({ ...rest, same: source === text }));
    expect(where(await sliced)).toEqual(where(parseGitignore(text)));
    expect(where(await sliced)[4_999]).toEqual({
      negative: false,
      folderOnly: false,
      basename: true,
      start: text.length - 9,
      end: text.length,
      literalPrefix: 9,
      same: true,
    });
    expect(asked).toBe(Math.floor(5_000 / 256));
  });
});

describe('matchesRule', () => {
  it('BT-3: a rule without a slash matches the last segment, at any depth', () => {
    expect(matches('*.log', 'a.log')).toBe(true);
    expect(matches('*.log', 'deep/down/a.log')).toBe(true);
    expect(matches('*.log', 'a.log/inner')).toBe(false);
    expect(matches('build', 'src/build', true)).toBe(true);
    expect(matches('build', 'build2')).toBe(false);
  });

  it('BT-3: a rule with a slash is anchored to its folder; a leading ** frees it', () => {
    expect(matches('/build', 'build', true)).toBe(true);
    expect(matches('/build', 'src/build', true)).toBe(false);
    expect(matches('doc/frotz', 'doc/frotz')).toBe(true);
    expect(matches('doc/frotz', 'a/doc/frotz')).toBe(false);
    expect(matches('**/frotz', 'a/b/frotz')).toBe(true);
    expect(matches('a/*/c', 'a/b/c')).toBe(true);
    expect(matches('a/*/c', 'a/b/x/c')).toBe(false);
  });

  it('BT-3: a folder rule matches folders only, and negative rules match as the others (the caller inverts)', () => {
    expect(matches('logs/', 'logs', true)).toBe(true);
    expect(matches('logs/', 'logs', false)).toBe(false);
    expect(matches('!keep.log', 'keep.log')).toBe(true);
    expect(rule('!keep.log').negative).toBe(true);
  });

  it('BT-3: escapes and trailing spaces: \\# \\! \\ and \\* are the characters themselves', () => {
    expect(matches('\\#hash', '#hash')).toBe(true);
    expect(matches('\\!bang', '!bang')).toBe(true);
    expect(matches('trail\\ ', 'trail ')).toBe(true);
    expect(matches('trail  ', 'trail')).toBe(true);
    expect(matches('st\\*r', 'st*r')).toBe(true);
    expect(matches('st\\*r', 'star')).toBe(false);
  });

  it("BT-3: as git's match_pathname, ** right after the literal prefix stands at a boundary: foo**/bar spans folders", () => {
    expect(matches('foo**/bar', 'foo/x/y/bar')).toBe(true);
    expect(matches('foo**/bar', 'foox/bar')).toBe(true);
    expect(matches('x/foo**', 'x/foo/a/b')).toBe(true);
    // In a basename rule the whole pattern is one wildcard pattern: foo** is foo*.
    expect(matches('foo**', 'foobar')).toBe(true);
    expect(matches('a*b**/c', 'axb/y/c')).toBe(false);
  });
});
