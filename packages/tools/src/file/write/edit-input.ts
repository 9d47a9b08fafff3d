import { ToolParam, Type } from '@toolwright/core';

/** The input of Edit. */
export class EditInput {
  @ToolParam({
    name: 'file_path',
    description: 'The file to change: an absolute path, or one relative to the working directory.',
    schema: Type.String(),
  })
  filePath!: string;

  @ToolParam({
    name: 'old_string',
    description:
      'The exact text to replace, indentation and line breaks included. It must occur once, unless replace_all is true.',
    schema: Type.String(),
  })
  oldString!: string;

  @ToolParam({
    name: 'new_string',
    description: 'The text to put in its place; must differ from old_string.',
    schema: Type.String(),
  })
  newString!: string;

  @ToolParam({
    name: 'replace_all',
    description: 'Replace every occurrence of old_string (default false: it must occur exactly once).',
    schema: Type.Boolean(),
    default: false,
  })
  replaceAll!: boolean;
}
