/** Shell words that need no quoting: letters, digits and `@%+=:,./_-`. */
const PLAIN_WORD = /^[\w@%+=:,./-]+$/;

/**
 * A command line a user can paste into a POSIX shell to run the same command again: each
 * argument as it was given, single-quoted where the shell would split or expand it.
 */
export function formatCommandLine(words: readonly string[]): string {
  return words.map(quoteShellWord).join(' ');
}

/** One argument, quoted for a POSIX shell where it needs to be (`Order tools` → `'Order tools'`). */
export function quoteShellWord(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
