import { ToolParam, Type } from '@toolwright/core';
import { searchPathParam } from '../access/file-tool.js';

/** What Grep prints: the matching lines, the files that match, or a count per file. */
export type GrepOutputMode = 'content' | 'files_with_matches' | 'count';

/** The most lines of context `-A`, `-B` or `-C` may ask for; more is lowered to it. */
export const MAX_CONTEXT_LINES = 100;

/** The input of Grep: a dozen parameters, several of them with wire names no identifier could have. */
export class GrepInput {
  @ToolParam({
    description:
      'The regular expression to search for (RE2 syntax: no lookaround or backreferences), e.g. "log.*Error" or "function\\s+\\w+".',
    schema: Type.String(),
  })
  pattern!: string;

  @searchPathParam('The file or folder to search')
  path?: string;

  @ToolParam({
    description:
      'Only files matching this glob: "*.js" matches names in any folder, "src/**/*.ts" paths below the search folder.',
    schema: Type.String(),
    optional: true,
  })
  glob?: string;

  @ToolParam({
    description: 'Only files of this type, e.g. js, ts, py, rust, go, java, md, json.',
    schema: Type.String(),
    optional: true,
  })
  type?: string;

  @ToolParam({
    name: 'output_mode',
    description:
      'content: the matching lines (with -n, -A, -B, -C); files_with_matches: the paths of matching files (default); count: matching lines per file.',
    enum: ['content', 'files_with_matches', 'count'],
    default: 'files_with_matches',
  })
  outputMode!: GrepOutputMode;

  @ToolParam({ name: '-i', description: 'Ignore case.', schema: Type.Boolean(), default: false })
  ignoreCase!: boolean;

  @ToolParam({
    name: '-n',
    description: 'Show line numbers (content mode; default true).',
    schema: Type.Boolean(),
    default: true,
  })
  lineNumbers!: boolean;

  @ToolParam({
    name: '-A',
    description: 'Lines to show after each match (content mode).',
    schema: Type.Integer({ minimum: 0, maximum: MAX_CONTEXT_LINES }),
    optional: true,
  })
  after?: number;

  @ToolParam({
    name: '-B',
    description: 'Lines to show before each match (content mode).',
    schema: Type.Integer({ minimum: 0, maximum: MAX_CONTEXT_LINES }),
    optional: true,
  })
  before?: number;

  @ToolParam({
    name: '-C',
    description: 'Lines to show before and after each match (content mode); -A and -B override it.',
    schema: Type.Integer({ minimum: 0, maximum: MAX_CONTEXT_LINES }),
    optional: true,
  })
  context?: number;

  @ToolParam({
    name: 'head_limit',
    description: 'Show only the first N lines (content), files (files_with_matches) or counts (count).',
    schema: Type.Integer({ minimum: 1 }),
    optional: true,
  })
  headLimit?: number;

  @ToolParam({
    description: 'Let the pattern span lines: . matches newlines, ^ and $ match at line breaks.',
    schema: Type.Boolean(),
    default: false,
  })
  multiline!: boolean;
}

/** Lines of context before and after a match: `-B`/`-A` when given, else `-C`, clamped to 0–100. */
export function contextLines(input: GrepInput): { readonly before: number; readonly after: number } {
  const clamp = (value: number | undefined): number => Math.min(Math.max(value ?? 0, 0), MAX_CONTEXT_LINES);
  return { before: clamp(input.before ?? input.context), after: clamp(input.after ?? input.context) };
}
