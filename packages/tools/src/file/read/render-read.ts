import { ToolResult } from '@toolwright/core';
import { MAX_LINE_CHARS } from './read-input.js';
import type { LineWindow } from './read-lines.js';

/** What Read found, ready to render. */
export interface ReadOutcome {
  readonly path: string;
  readonly size: number;
  readonly offset: number;
  readonly window: LineWindow;
}

const count = (value: number): string => value.toLocaleString('en-US');

/**
 * What the model reads of a file: `cat -n` lines (the number right-aligned in six columns, a tab,
 * the text without its line ending), then notes in brackets — never numbered, so they cannot be
 * taken for file content: `\ No newline at end of file` (as diff writes it), where to continue
 * when lines follow, and whether invalid UTF-8 was replaced.
 */
export function renderRead({ path, size, offset, window }: ReadOutcome): ToolResult {
  const metadata = {
    path,
    bytes: size,
    firstLine: offset,
    linesShown: window.lines.length,
    totalLines: window.totalLines,
    more: window.more,
    lineEndings: window.lineEndings,
    endsWithNewline: window.endsWithNewline,
    invalidUtf8: window.invalidUtf8,
    bom: window.bom,
    cutLines: window.lines.filter((line) => line.cut).length,
  };
  if (window.totalLines === 0) return ToolResult.ok(`[${path} is empty: 0 bytes.]`, { metadata });
  if (window.lines.length === 0) {
    // The window is empty only when the file ended before it: the total is known.
    const total = window.totalLines ?? 0;
    return ToolResult.error(
      `${path} has ${count(total)} lines; there is no line ${count(offset)}. Use an offset from 1 to ${count(total)}.`,
      { metadata: { ...metadata, refused: 'offset-past-end' } },
    );
  }
  const numbered = window.lines.map((line, index) => {
    const cut = line.cut
      ? ` [… line cut at ${count(MAX_LINE_CHARS)} characters; it is ${count(line.bytes)} bytes long]`
      : '';
    return `${String(offset + index).padStart(6)}\t${line.text}${cut}`;
  });
  const notes: string[] = [];
  const last = offset + window.lines.length - 1;
  if (!window.more && window.endsWithNewline === false) notes.push('\\ No newline at end of file');
  if (window.more) {
    const of = window.totalLines === undefined ? '; the file goes on' : ` of ${count(window.totalLines)}`;
    notes.push(`[Showing lines ${count(offset)}–${count(last)}${of}. Continue with offset: ${last + 1}.]`);
  }
  if (window.invalidUtf8) {
    notes.push(
      '[The file is not valid UTF-8: bytes that are not are shown as U+FFFD (�). Edit refuses such a file; Write replaces it whole.]',
    );
  }
  return ToolResult.ok([...numbered, ...notes].join('\n'), { metadata });
}
