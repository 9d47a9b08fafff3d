/** The outcome of replacing exact text. */
export type ReplaceOutcome =
  | { readonly ok: true; readonly text: string; readonly replacements: number; readonly firstIndex: number }
  | { readonly ok: false; readonly problem: 'not-found' | 'not-unique'; readonly occurrences: number }
  | { readonly ok: false; readonly problem: 'too-large'; readonly occurrences: number; readonly bytes: number };

/**
 * Replaces `oldString` with `newString` in `text`, exactly (no patterns, no `$&`): every
 * occurrence when `replaceAll`, otherwise only when it occurs once. Occurrences are counted
 * without overlap, left to right. The new text's UTF-8 size is computed before it is built: over
 * `maxBytes`, nothing is built (`too-large`).
 */
export function replaceExact(
  text: string,
  oldString: string,
  newString: string,
  replaceAll: boolean,
  maxBytes = Number.POSITIVE_INFINITY,
): ReplaceOutcome {
  const firstIndex = text.indexOf(oldString);
  if (firstIndex === -1) return { ok: false, problem: 'not-found', occurrences: 0 };
  let occurrences = 0;
  for (let at = firstIndex; at !== -1; at = text.indexOf(oldString, at + oldString.length)) occurrences++;
  if (occurrences > 1 && !replaceAll) return { ok: false, problem: 'not-unique', occurrences };
  const bytes =
    Buffer.byteLength(text, 'utf8') +
    occurrences * (Buffer.byteLength(newString, 'utf8') - Buffer.byteLength(oldString, 'utf8'));
  if (bytes > maxBytes) return { ok: false, problem: 'too-large', occurrences, bytes };
  return { ok: true, text: text.split(oldString).join(newString), replacements: occurrences, firstIndex };
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

/** The lines around a replacement that starts at `index` in `text`, numbered like Read's output. */
export function numberedSnippet(text: string, index: number, newString: string): string {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop(); // the break after the last line starts no line
  const first = lineOf(text, index);
  const last = first + newString.split('\n').length - 1;
  const from = Math.max(1, first - SNIPPET_CONTEXT_LINES);
  const to = Math.min(lines.length, last + SNIPPET_CONTEXT_LINES, from + SNIPPET_MAX_LINES - 1);
  return lines
    .slice(from - 1, to)
    .map((line, offset) => `${String(from + offset).padStart(6)}\t${line}`)
    .join('\n');
}
