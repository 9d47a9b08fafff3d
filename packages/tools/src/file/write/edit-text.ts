/** The outcome of replacing exact text. */
export type ReplaceOutcome =
  | { readonly ok: true; readonly bytes: Buffer; readonly replacements: number; readonly firstByte: number }
  | { readonly ok: false; readonly problem: 'not-found' | 'not-unique'; readonly occurrences: number }
  | { readonly ok: false; readonly problem: 'too-large'; readonly occurrences: number; readonly bytes: number };

/** How many occurrences are handled between two pauses. */
const SLICE = 0x1000;

/**
 * Replaces `oldString` with `newString` in a file's UTF-8 bytes, exactly (no patterns, no `$&`):
 * every occurrence when `replaceAll`, otherwise only when it occurs once. Occurrences are counted
 * without overlap, left to right (UTF-8 cannot match across a character boundary, so this is the
 * same as on the text). The new size is computed before anything is built: over `maxBytes`,
 * nothing is (`too-large`). The work is byte copies into one buffer, with a pause now and then
 * (`pause`), so millions of occurrences neither hold the event loop nor make millions of strings.
 */
export async function replaceExact(
  bytes: Buffer,
  oldString: string,
  newString: string,
  replaceAll: boolean,
  maxBytes = Number.POSITIVE_INFINITY,
  pause: () => Promise<void> | undefined = () => undefined,
): Promise<ReplaceOutcome> {
  const find = Buffer.from(oldString, 'utf8');
  const replacement = Buffer.from(newString, 'utf8');
  const firstByte = bytes.indexOf(find);
  if (firstByte === -1) return { ok: false, problem: 'not-found', occurrences: 0 };
  let occurrences = 0;
  for (let at = firstByte; at !== -1; at = bytes.indexOf(find, at + find.length)) {
    if (++occurrences % SLICE === 0) await pause();
  }
  if (occurrences > 1 && !replaceAll) return { ok: false, problem: 'not-unique', occurrences };
  const size = bytes.length + occurrences * (replacement.length - find.length);
  if (size > maxBytes) return { ok: false, problem: 'too-large', occurrences, bytes: size };
  const result = Buffer.allocUnsafe(size);
  let written = 0;
  let from = 0;
  let done = 0;
  for (let at = firstByte; at !== -1; at = bytes.indexOf(find, from)) {
    written += bytes.copy(result, written, from, at);
    written += replacement.copy(result, written);
    from = at + find.length;
    if (++done % SLICE === 0) await pause();
  }
  bytes.copy(result, written, from);
  return { ok: true, bytes: result, replacements: occurrences, firstByte };
}

/** `text` with every lone `\n` written as `\r\n` (for edits to a CRLF file). */
export function toCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

const NEWLINE = 0x0a;
const SNIPPET_CONTEXT_LINES = 2;
const SNIPPET_MAX_LINES = 30;

/**
 * The lines around a replacement that starts at byte `at` of a file's new bytes, numbered like
 * Read's output: two lines before it, the replacement's lines, two after, at most 30. Only those
 * lines are decoded, however large the file is.
 */
export function numberedSnippet(bytes: Buffer, at: number, newString: string): string {
  let first = 1;
  for (let index = bytes.indexOf(NEWLINE); index !== -1 && index < at; index = bytes.indexOf(NEWLINE, index + 1))
    first++;
  const last = first + newString.split('\n').length - 1;
  const from = Math.max(1, first - SNIPPET_CONTEXT_LINES);
  // The start of line `first`, then of each line before it down to `from`. (A negative offset
  // would make lastIndexOf count from the end: the start of the file is the start of line 1.)
  const lineStart = (before: number): number => (before < 0 ? 0 : bytes.lastIndexOf(NEWLINE, before) + 1);
  let start = lineStart(at - 1);
  for (let line = first; line > from; line--) start = lineStart(start - 2);
  const wanted = Math.min(last + SNIPPET_CONTEXT_LINES, from + SNIPPET_MAX_LINES - 1) - from + 1;
  const lines: string[] = [];
  for (let position = start; lines.length < wanted && position < bytes.length;) {
    const end = bytes.indexOf(NEWLINE, position);
    const line = bytes.toString('utf8', position, end === -1 ? bytes.length : end);
    lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (end === -1) break;
    position = end + 1;
  }
  return lines.map((line, offset) => `${String(from + offset).padStart(6)}\t${line}`).join('\n');
}
