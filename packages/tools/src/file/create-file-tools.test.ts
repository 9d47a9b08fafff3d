import { ToolInput } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { createFileTools } from './create-file-tools.js';

const tools = createFileTools();

describe('createFileTools', () => {
  it('TC-5: every file tool says additionalProperties: false at the top of its schema', () => {
    expect(tools.map((tool) => [tool.name, tool.inputSchema.additionalProperties])).toEqual([
      ['Read', false],
      ['Write', false],
      ['Edit', false],
      ['Ls', false],
      ['Glob', false],
      ['Grep', false],
    ]);
  });

  it('TC-10: each declares its safety level and concurrency', () => {
    expect(tools.map((tool) => [tool.name, tool.safety.level, tool.safety.destructive, tool.concurrency])).toEqual([
      ['Read', 'READ_ONLY', false, 'PARALLEL'],
      ['Write', 'WRITE', true, 'PARALLEL'],
      ['Edit', 'WRITE', true, 'PARALLEL'],
      ['Ls', 'READ_ONLY', false, 'PARALLEL'],
      ['Glob', 'READ_ONLY', false, 'PARALLEL'],
      ['Grep', 'READ_ONLY', false, 'PARALLEL'],
    ]);
  });

  it('PM-2: Read, Write and Edit expose PATH from file_path; Ls, Glob and Grep from path, "." when left out', () => {
    const empty = ToolInput.of({});
    expect(tools.map((tool) => tool.permissionSubject(ToolInput.of({ file_path: 'a.txt', path: 'src' })))).toEqual([
      { kind: 'PATH', value: 'a.txt' },
      { kind: 'PATH', value: 'a.txt' },
      { kind: 'PATH', value: 'a.txt' },
      { kind: 'PATH', value: 'src', tree: true },
      { kind: 'PATH', value: 'src', tree: true },
      { kind: 'PATH', value: 'src', tree: true },
    ]);
    expect(tools.map((tool) => tool.permissionSubject(empty)?.value)).toEqual(['', '', '', '.', '.', '.']);
  });

  it('BT-3: Grep is a GenericTool with a dozen parameters under their ripgrep-style wire names', () => {
    const grep = tools[5];
    expect(Object.keys((grep.inputSchema as { properties: object }).properties)).toEqual([
      'pattern',
      'path',
      'glob',
      'type',
      'output_mode',
      '-i',
      '-n',
      '-A',
      '-B',
      '-C',
      'head_limit',
      'multiline',
    ]);
    expect(grep.inputSchema).toMatchObject({
      required: ['pattern'],
      properties: { output_mode: { enum: ['content', 'files_with_matches', 'count'], default: 'files_with_matches' } },
    });
    expect(grep.inputClass.name).toBe('GrepInput');
  });

  it('BT-3: a workspace must be an absolute path; a relative one is a configuration mistake', () => {
    expect(() => createFileTools({ workspace: 'relative/ws' })).toThrow(
      'The file tools\' workspace must be an absolute path, not "relative/ws".',
    );
  });
});
