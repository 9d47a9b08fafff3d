import { describe, expect, it } from 'vitest';
import { MAX_TOOL_NAME_LENGTH, mcpToolPrefix, toLocalToolName } from './remote-tool-name.js';

const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

describe('remote tool names', () => {
  it('MC-2: a usable remote name gets the server prefix and nothing else', () => {
    expect(toLocalToolName(mcpToolPrefix('files'), 'read_file')).toBe('mcp__files__read_file');
    expect(toLocalToolName('', 'read-file')).toBe('read-file');
  });

  it('MC-2: the server part of the prefix is made usable and cut to 24 characters', () => {
    expect(mcpToolPrefix('@acme/very-long-server-name-indeed')).toBe('mcp___acme_very-long-server-n__');
  });

  it('MC-2: a name with characters providers refuse, or too long, gets a stable hash suffix', () => {
    expect(toLocalToolName('mcp__files__', 'fs.read/v2')).toBe('mcp__files__fs_read_v2_96bf6475');
    expect(toLocalToolName('mcp__files__', 'fs_read_v2')).toBe('mcp__files__fs_read_v2');
    expect(toLocalToolName('mcp__s__', '读取')).toBe('mcp__s_____6a1367a4');
    expect(toLocalToolName('', 'y'.repeat(64))).toBe('y'.repeat(64));
    expect(toLocalToolName('', 'y'.repeat(65))).toBe(`${'y'.repeat(55)}_c53709b4`);
    expect(toLocalToolName('mcp__files__', 'x'.repeat(60))).toBe(`mcp__files__${'x'.repeat(43)}_37d12e35`);
  });

  it('MC-2: every local name fits the provider rule, and different remote names stay different', () => {
    const remote = ['a.b', 'a_b', 'a/b', 'a b', 'x'.repeat(128), `${'x'.repeat(127)}y`, 'ü', '🙂', 'a\u0000'];
    const local = remote.map((name) => toLocalToolName(mcpToolPrefix('a-server-with-a-long-name'), name));
    for (const name of local) {
      expect(name).toMatch(PROVIDER_NAME);
      expect(name.length).toBeLessThanOrEqual(MAX_TOOL_NAME_LENGTH);
    }
    expect(new Set(local).size).toBe(remote.length);
  });
});
