// What the built-in tools declare about themselves (SPEC MP-4): a title for people and the four
// hints, truthfully — MCP clients show and act on them.
import { describe, expect, it } from 'vitest';
import { createBashTools } from './bash/create-bash-tools.js';
import { createFileTools } from './file/create-file-tools.js';

describe('the built-in tools declare their titles and hints', () => {
  it('MP-4: file tools reach only the host, readers and Write are idempotent, Edit and Bash are not, Bash is open-world', () => {
    const shell = { execute: () => Promise.reject(new Error('not run')) } as never;
    const tools = [...createFileTools(), ...createBashTools(shell).tools];
    expect(tools.map((tool) => [tool.name, tool.title, tool.safety])).toEqual([
      ['Read', 'Read a file', { level: 'READ_ONLY', destructive: false, idempotent: true, openWorld: false }],
      ['Write', 'Write a file', { level: 'WRITE', destructive: true, openWorld: false, idempotent: true }],
      ['Edit', 'Edit a file', { level: 'WRITE', destructive: true, openWorld: false, idempotent: false }],
      ['Ls', 'List a folder', { level: 'READ_ONLY', destructive: false, idempotent: true, openWorld: false }],
      ['Glob', 'Find files by name', { level: 'READ_ONLY', destructive: false, idempotent: true, openWorld: false }],
      ['Grep', 'Search file contents', { level: 'READ_ONLY', destructive: false, idempotent: true, openWorld: false }],
      ['Bash', 'Run a shell command', { level: 'BASH', destructive: true, idempotent: false, openWorld: true }],
      [
        'BashOutput',
        'Read the output of a background command',
        { level: 'BASH', destructive: false, idempotent: false, openWorld: false },
      ],
      [
        'KillShell',
        'Stop a background command',
        { level: 'BASH', destructive: true, idempotent: true, openWorld: false },
      ],
    ]);
  });
});
