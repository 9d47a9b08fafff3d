import { EditTool } from './write/edit-tool.js';
import type { FileToolOptions } from './access/file-tool-options.js';
import { GlobTool } from './list/glob-tool.js';
import { GrepTool } from './grep/grep-tool.js';
import { LsTool } from './list/ls-tool.js';
import { ReadTool } from './read/read-tool.js';
import { WriteTool } from './write/write-tool.js';

/** The six file tools, in the order models know them. */
export type FileTools = readonly [ReadTool, WriteTool, EditTool, LsTool, GlobTool, GrepTool];

/**
 * Read, Write, Edit, Ls, Glob and Grep (SPEC BT-3), sharing one set of options: with
 * `workspace`, every one of them refuses paths outside that folder. Register them with a gate;
 * Write and Edit run only with `allowWrite` (PO-2).
 */
export function createFileTools(options: FileToolOptions = {}): FileTools {
  return [
    new ReadTool(options),
    new WriteTool(options),
    new EditTool(options),
    new LsTool(options),
    new GlobTool(options),
    new GrepTool(options),
  ];
}
