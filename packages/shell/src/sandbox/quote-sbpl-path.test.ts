import { describe, expect, it } from 'vitest';
import { ShellOptionsError } from '../shell-options-error.js';
import { quoteSbplPath } from './quote-sbpl-path.js';

/** The message `quoteSbplPath` throws for `path`, checking it is a ShellOptionsError. */
function refusal(path: string): string {
  try {
    quoteSbplPath(path, 'The writable path');
  } catch (error) {
    expect(ShellOptionsError.isInstance(error)).toBe(true);
    return (error as ShellOptionsError).message;
  }
  throw new Error(`quoteSbplPath accepted ${JSON.stringify(path)}`);
}

describe('quoteSbplPath', () => {
  it('SB-1: quotes a path as an SBPL string, escaping backslash and double quote only', () => {
    expect(quoteSbplPath('/Users/ada/project', 'The writable path')).toBe('"/Users/ada/project"');
    expect(quoteSbplPath('/Users/ada/we"ird\\dir', 'The writable path')).toBe('"/Users/ada/we\\"ird\\\\dir"');
    expect(quoteSbplPath('/Users/ada/ünï cödé ;()#', 'The writable path')).toBe('"/Users/ada/ünï cödé ;()#"');
    expect(quoteSbplPath('/Users/ada/emoji 😀', 'The writable path')).toBe('"/Users/ada/emoji 😀"');
    expect(quoteSbplPath('/', 'The writable path')).toBe('"/"');
    expect(quoteSbplPath('/private/tmp/x', 'The writable path')).toBe('"/private/tmp/x"');
    expect(quoteSbplPath('/Users/ada/..hidden/...', 'The writable path')).toBe('"/Users/ada/..hidden/..."');
  });

  it('SB-1: refuses a path that is not absolute', () => {
    expect(refusal('project')).toBe('The writable path "project" is not absolute: pass its canonical absolute path.');
    expect(refusal('')).toBe('The writable path "" is not absolute: pass its canonical absolute path.');
    expect(refusal('~/project')).toBe(
      'The writable path "~/project" is not absolute: pass its canonical absolute path.',
    );
  });

  it('SB-1: refuses NUL, newline and every other control character, shown escaped on one line', () => {
    const message = (shown: string) =>
      `The writable path ${shown} holds a control character, which no Seatbelt rule can name: leave that path out of the policy.`;
    expect(refusal('/a\u0000b')).toBe(message('"/a\\u0000b"'));
    expect(refusal('/a\nb')).toBe(message('"/a\\nb"'));
    expect(refusal('/a\rb')).toBe(message('"/a\\rb"'));
    expect(refusal('/a\tb')).toBe(message('"/a\\tb"'));
    expect(refusal('/a\u001bb')).toBe(message('"/a\\u001bb"'));
    expect(refusal('/a\u007fb')).toBe(message('"/a\\u007fb"'));
    expect(refusal('/a\u0085b')).toBe(message('"/a\\u0085b"'));
    expect(refusal('/a\u009fb')).toBe(message('"/a\\u009fb"'));
  });

  it('SB-1: refuses a lone surrogate, which no UTF-8 file name can hold', () => {
    const message = (shown: string) =>
      `The writable path ${shown} holds half of a UTF-16 surrogate pair, so it names no file: pass the path as the file system spells it.`;
    expect(refusal('/a\uD800b')).toBe(message('"/a\\ud800b"'));
    expect(refusal('/a\uDC00')).toBe(message('"/a\\udc00"'));
  });

  it('SB-1: refuses a path that is not canonical (a rule for it would match nothing)', () => {
    const message = (shown: string) =>
      `The writable path ${shown} is not canonical: resolve its "." and ".." segments and drop repeated and trailing slashes.`;
    expect(refusal('/a/../b')).toBe(message('"/a/../b"'));
    expect(refusal('/a/./b')).toBe(message('"/a/./b"'));
    expect(refusal('/a/..')).toBe(message('"/a/.."'));
    expect(refusal('/a/.')).toBe(message('"/a/."'));
    expect(refusal('//a')).toBe(message('"//a"'));
    expect(refusal('/a//b')).toBe(message('"/a//b"'));
    expect(refusal('/a/')).toBe(message('"/a/"'));
  });

  it('SB-1: refuses /tmp, /var and /etc, the symbolic links into /private on macOS, and names the path to pass', () => {
    expect(refusal('/tmp')).toBe(
      'The writable path "/tmp" goes through the symbolic link /tmp, which a Seatbelt rule never matches: pass "/private/tmp" instead.',
    );
    expect(refusal('/var/folders/zz/abc/T/x')).toBe(
      'The writable path "/var/folders/zz/abc/T/x" goes through the symbolic link /var, which a Seatbelt rule never matches: pass "/private/var/folders/zz/abc/T/x" instead.',
    );
    expect(refusal('/etc/hosts')).toBe(
      'The writable path "/etc/hosts" goes through the symbolic link /etc, which a Seatbelt rule never matches: pass "/private/etc/hosts" instead.',
    );
    expect(quoteSbplPath('/tmpfiles/x', 'The writable path')).toBe('"/tmpfiles/x"');
    expect(quoteSbplPath('/variable', 'The writable path')).toBe('"/variable"');
  });
});
