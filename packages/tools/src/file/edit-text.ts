/** The outcome of replacing exact text. */
export type ReplaceOutcome =
  | { readonly ok: true; readonly text: string; readonly replacements: number; readonly firstIndex: number }
  | { readonly ok: false; readonly problem: 'not-found' | 'not-unique'; readonly occurrences: number }
  | { readonly ok: false; readonly problem: 'too-large'; readonly occurrences: number; readonly bytes: number };

/**
 * Replaces `oldString` with `newString` in `text`, exactly (no patterns, no `$&`): every
 * occurrence when `replaceAll`, otherwise only when it occurs once. Occurrences are counted
 * without overlap, left to right. The new text's UTF-8 size is computed before it is built: over
 * `maxBytes`, nothing is built (`too-large`). Counting and building pause now and then (`pause`),
 * so millions of occurrences do not hold the event loop.
 */
export async function replaceExact(
  text: string,
  oldString: string,
  newString: string,
  replaceAll: boolean,
  maxBytes = Number.POSITIVE_INFINITY,
  pause: () => Promise<void> | undefined = () => undefined,
): Promise<ReplaceOutcome> {
  const firstIndex = text.indexOf(oldString);
  if (firstIndex === -1) return { ok: false, problem: 'not-found', occurrences: 0 };
  let occurrences = 0;
  for (let at = firstIndex; at !== -1; at = text.indexOf(oldString, at + oldString.length)) {
    if ((++occurrences & 0xffff) === 0) await pause();
  }
  if (occurrences > 1 && !replaceAll) return { ok: false, problem: 'not-unique', occurrences };
  const bytes =
    Buffer.byteLength(text, 'utf8') +
    occurrences * (Buffer.byteLength(newString, 'utf8') - Buffer.byteLength(oldString, 'utf8'));
  if (bytes > maxBytes) return { ok: false, problem: 'too-large', occurrences, bytes };
  // Built in chunks of 65,536 pieces: one huge join would hold the event loop.
  const chunks: string[] = [];
  let pieces: string[] = [];
  let from = 0;
  for (let at = firstIndex; at !== -1; at = text.indexOf(oldString, from)) {
    pieces.push(text.slice(from, at), newString);
    from = at + oldString.length;
    if (pieces.length >= 0x10000) {
      chunks.push(pieces.join(''));
      pieces = [];
      await pause();
    }
  }
  pieces.push(text.slice(from));
  chunks.push(pieces.join(''));
  return { ok: true, text: chunks.join(''), replacements: occurrences, firstIndex };
}

/** `text` with every lone `\n` written as `\r\n` (for edits to a CRLF file). */
export function toCrlf(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/** The 1-based line of the character at `index`. */
export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at !== -1 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

const SNIPPET_CONTEXT_LINES = 2;
const SNIPPET_MAX_LINES = 30;

/**
 * The lines around a replacement that starts at `index` in `text`, numbered like Read's output.
 * Only the lines shown are split out of the text, however large it is.
 */
export function numberedSnippet(text: string, index: number, newString: string): string {
  const first = lineOf(text, index);
  const last = first + newString.split('\n').length - 1;
  const from = Math.max(1, first - SNIPPET_CONTEXT_LINES);
  // The start of line `first`, then of each line before it down to `from`.
  let start = text.lastIndexOf('\n', index - 1) + 1;
  for (let line = first; line > from; line--) start = text.lastIndexOf('\n', start - 2) + 1;
  const wanted = Math.min(last + SNIPPET_CONTEXT_LINES, from + SNIPPET_MAX_LINES - 1) - from + 1;
  const lines: string[] = [];
  let at = start;
  while (lines.length < wanted && at < text.length) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end === -1 ? text.length : end);
    lines.push(line.endsWith('\r') ? line.slice(0, -1) : line);
    if (end === -1) break;
    at = end + 1;
  }
  return lines.map((line, offset) => `${String(from + offset).padStart(6)}\t${line}`).join('\n');
}
