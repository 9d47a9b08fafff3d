import type { FileHandle } from 'node:fs/promises';
import { GenericTool, ToolResult, type ToolContext } from '@toolwright/core';
import { isValidUtf8, looksBinary } from '../read/binary-file.js';
import { EditInput } from './edit-input.js';
import { numberedSnippet, replaceExact, toCrlf } from './edit-text.js';
import { refusalResult } from '../access/file-errors.js';
import type { FileToolOptions } from '../access/file-tool-options.js';
import { CHANGE_FILE_TOOL, FileToolPaths, type Refused } from '../access/file-tool.js';
import { openJudgedFile } from '../access/open-file.js';
import { readAtMost } from './read-at-most.js';
import { writeAll } from './write-all.js';
import { createYielder } from '../access/yield-now.js';

/** Edit works on files up to this size. */
export const MAX_EDIT_BYTES = 16 * 1_048_576;

type EditResult =
  | {
      readonly kind: 'edited';
      readonly path: string;
      readonly replacements: number;
      readonly crlf: boolean;
      readonly bytesBefore: number;
      readonly bytesAfter: number;
      /** The changed lines, numbered as Read shows them. */
      readonly snippet: string;
    }
  | Refused
  | { readonly kind: 'failed'; readonly path: string; readonly reason: string; readonly occurrences: number };

/**
 * Replaces exact text in a file (SPEC BT-3): `old_string` must occur once, or `replace_all` must
 * be set; says how many times it occurs when it is not unique, and how many replacements it made.
 * In a CRLF file, `\n` in both strings stands for `\r\n`. Refuses binary files and invalid UTF-8
 * (rewriting would change bytes the model never saw). WRITE safety, destructive.
 */
export class EditTool extends GenericTool<EditInput, EditResult> {
  readonly #paths: FileToolPaths;

  constructor(options: FileToolOptions = {}) {
    super({
      name: 'Edit',
      title: 'Edit a file',
      description:
        'Replaces exact text in a file: old_string must occur exactly once (add surrounding lines to make it unique) unless replace_all is true. Copy old_string from Read output without the line-number prefix. Reports how many replacements it made.',
      input: EditInput,
      ...CHANGE_FILE_TOOL,
      // A replacement whose new text holds the old one changes the file again on a repeat.
      safety: { ...CHANGE_FILE_TOOL.safety, idempotent: false },
    });
    this.#paths = new FileToolPaths(options);
  }

  protected async doExecute(input: EditInput, context: ToolContext): Promise<EditResult> {
    const access = this.#paths.file(input.filePath, context);
    if (!access.ok) return { kind: 'refused', ...access };
    const { path, realPath } = access;
    const fail = (reason: string, occurrences = 0): EditResult => ({ kind: 'failed', path, reason, occurrences });
    if (input.oldString === '')
      return fail('old_string is empty. Copy the exact text to replace from Read; to create a file, use Write.');
    if (input.oldString === input.newString)
      return fail('old_string and new_string are the same, so nothing would change. Give the new text in new_string.');
    const opened = await openJudgedFile(path, realPath, 'edit', {
      folder: `${path} is a folder, not a file.`,
      special: `${path} is not a regular file (a device, socket or pipe); Edit changes regular files only.`,
    });
    if (!opened.ok) return { kind: 'refused', path, ...opened };
    try {
      return await this.#edit(input, path, opened.handle, opened.stats.size, context);
    } finally {
      await opened.handle.close();
    }
  }

  async #edit(
    input: EditInput,
    path: string,
    handle: FileHandle,
    size: number,
    context: ToolContext,
  ): Promise<EditResult> {
    const fail = (reason: string, occurrences = 0): EditResult => ({ kind: 'failed', path, reason, occurrences });
    if (size > MAX_EDIT_BYTES) {
      return {
        kind: 'refused',
        path,
        refused: 'too-large',
        reason: `${path} is ${size.toLocaleString('en-US')} bytes; Edit changes files up to ${MAX_EDIT_BYTES.toLocaleString('en-US')} bytes.`,
      };
    }
    const bytes = await readAtMost(handle, MAX_EDIT_BYTES + 1, context.signal);
    context.signal.throwIfAborted();
    if (bytes.length > MAX_EDIT_BYTES) {
      return {
        kind: 'refused',
        path,
        refused: 'too-large',
        reason: `${path} grew past ${MAX_EDIT_BYTES.toLocaleString('en-US')} bytes while it was read; Edit changes files up to that size.`,
      };
    }
    if (looksBinary(bytes))
      return {
        kind: 'refused',
        path,
        refused: 'binary',
        reason: `${path} looks binary (a NUL byte in its first 8 KB); Edit changes text files only.`,
      };
    if (!isValidUtf8(bytes)) {
      return {
        kind: 'refused',
        path,
        refused: 'not-utf8',
        reason: `${path} is not valid UTF-8, and rewriting it would change bytes you have not seen. Replace it whole with Write, or change it with a byte-level tool.`,
      };
    }
    let crlf = false;
    const pause = createYielder();
    let outcome = await replaceExact(bytes, input.oldString, input.newString, input.replaceAll, MAX_EDIT_BYTES, pause);
    if (!outcome.ok && outcome.problem === 'not-found' && input.oldString.includes('\n') && bytes.includes('\r\n')) {
      crlf = true;
      outcome = await replaceExact(
        bytes,
        toCrlf(input.oldString),
        toCrlf(input.newString),
        input.replaceAll,
        MAX_EDIT_BYTES,
        pause,
      );
    }
    if (!outcome.ok && outcome.problem === 'too-large') {
      return {
        kind: 'refused',
        path,
        refused: 'too-large',
        reason: `Replacing ${outcome.occurrences.toLocaleString('en-US')} occurrences would make ${path} ${outcome.bytes.toLocaleString('en-US')} bytes, over Edit's limit of ${MAX_EDIT_BYTES.toLocaleString('en-US')} bytes; nothing was changed. Replace fewer occurrences at a time, or write the file with Write.`,
      };
    }
    if (!outcome.ok) {
      if (outcome.problem === 'not-found')
        return fail(
          `old_string was not found in ${path}. It must match the file exactly, indentation and line breaks included: Read the file and copy the text.`,
        );
      return fail(
        `old_string occurs ${outcome.occurrences} times in ${path}. Add surrounding lines to make it unique, or set replace_all: true to replace all ${outcome.occurrences}.`,
        outcome.occurrences,
      );
    }
    context.signal.throwIfAborted();
    await handle.truncate(0);
    await writeAll(handle, outcome.bytes);
    return {
      kind: 'edited',
      path,
      replacements: outcome.replacements,
      crlf,
      bytesBefore: bytes.length,
      bytesAfter: outcome.bytes.length,
      snippet: numberedSnippet(outcome.bytes, outcome.firstByte, input.newString),
    };
  }

  protected render(result: EditResult): ToolResult {
    if (result.kind === 'refused') return refusalResult(result);
    if (result.kind === 'failed')
      return ToolResult.error(result.reason, {
        metadata: { path: result.path, occurrences: result.occurrences, replacements: 0 },
      });
    const times =
      result.replacements === 1 ? '1 occurrence' : `${result.replacements.toLocaleString('en-US')} occurrences`;
    const where = result.replacements === 1 ? 'The changed lines now read' : 'The first change now reads';
    return ToolResult.ok(`Replaced ${times} in ${result.path}. ${where}:\n${result.snippet}`, {
      metadata: {
        path: result.path,
        replacements: result.replacements,
        crlfTranslated: result.crlf,
        bytesBefore: result.bytesBefore,
        bytesAfter: result.bytesAfter,
      },
    });
  }
}
