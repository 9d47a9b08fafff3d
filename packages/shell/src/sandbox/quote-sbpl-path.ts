import { ShellOptionsError } from '../shell-options-error.js';

/** The folders that are symbolic links into `/private` on macOS. Seatbelt matches resolved paths, so a rule through one never matches. */
const PRIVATE_LINKS: readonly string[] = ['/tmp', '/var', '/etc'];

/** A `.` or `..` segment, or two slashes in a row: a path that is not canonical. */
const DOT_SEGMENT_OR_DOUBLE_SLASH = /\/\/|\/\.\.?(?:\/|$)/;

/** Half of a UTF-16 surrogate pair without its other half: no file name can hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for a C0 or C1 control character or DEL (NUL, newline, escape, …). */
function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** The path as a message shows it: quoted, on one line, every control character written as `\uXXXX`. */
function showPath(path: string): string {
  return JSON.stringify(path).replace(/[\u007f-\u009f]/g, (character) => {
    return `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * A canonical absolute path as an SBPL string literal (`"…"`, with `\` and `"` escaped), ready to
 * go inside `(subpath …)` or `(literal …)`. Throws a {@link ShellOptionsError} naming the path
 * (`label` says which one, for example "The writable path") when it could not become a rule that
 * matches what it names: a path that is not absolute, holds a control character or a lone
 * surrogate, has a `.` or `..` segment, a repeated or trailing slash, or goes through `/tmp`,
 * `/var` or `/etc` (symbolic links into `/private` on macOS).
 */
export function quoteSbplPath(path: string, label: string): string {
  const shown = showPath(path);
  if (!path.startsWith('/')) {
    throw new ShellOptionsError(`${label} ${shown} is not absolute: pass its canonical absolute path.`);
  }
  if ([...path].some(isControlCharacter)) {
    throw new ShellOptionsError(
      `${label} ${shown} holds a control character, which no Seatbelt rule can name: leave that path out of the policy.`,
    );
  }
  if (LONE_SURROGATE.test(path)) {
    throw new ShellOptionsError(
      `${label} ${shown} holds half of a UTF-16 surrogate pair, so it names no file: pass the path as the file system spells it.`,
    );
  }
  if (DOT_SEGMENT_OR_DOUBLE_SLASH.test(path) || (path.length > 1 && path.endsWith('/'))) {
    throw new ShellOptionsError(
      `${label} ${shown} is not canonical: resolve its "." and ".." segments and drop repeated and trailing slashes.`,
    );
  }
  const link = PRIVATE_LINKS.find((folder) => path === folder || path.startsWith(`${folder}/`));
  if (link !== undefined) {
    throw new ShellOptionsError(
      `${label} ${shown} goes through the symbolic link ${link}, which a Seatbelt rule never matches: pass ${showPath(`/private${path}`)} instead.`,
    );
  }
  return `"${path.replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}
