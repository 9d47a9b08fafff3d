import { SafetyLevel, ToolwrightError } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { ScriptedTool, SearchTool } from '../../test/test-tools.js';
import { normalizeToolName, ToolRegistry } from './tool-registry.js';

describe('ToolRegistry', () => {
  it('refuses a second tool under a taken name', () => {
    const registry = new ToolRegistry([new SearchTool()]);
    let error: unknown;
    try {
      registry.register(new SearchTool());
    } catch (caught) {
      error = caught;
    }
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect((error as ToolwrightError).code).toBe('DUPLICATE_TOOL');
    expect((error as Error).message).toBe("A tool named 'search' is already registered; tool names must be unique.");
  });

  it('PR-2: resolves called names case-sensitively, without a functions. prefix', () => {
    const search = new SearchTool();
    const registry = new ToolRegistry([search]);
    expect(registry.resolve('search')).toBe(search);
    expect(registry.resolve('functions.search')).toBe(search);
    expect(registry.resolve('Search')).toBeUndefined();
    expect(registry.resolve('functions.functions.search')).toBeUndefined();
    expect(normalizeToolName('functions.x')).toBe('x');
  });

  it('PO-2: offers tools by the run options', () => {
    const registry = new ToolRegistry([
      new SearchTool(),
      new ScriptedTool({ name: 'write', safety: SafetyLevel.WRITE }),
      new ScriptedTool({ name: 'bash', safety: SafetyLevel.BASH }),
    ]);
    const names = (allowWrite: boolean, allowBash: boolean) =>
      registry.offered({ allowWrite, allowBash, maxToolOutputChars: 30_000 }).map((tool) => tool.name);
    expect(names(false, false)).toEqual(['search']);
    expect(names(true, false)).toEqual(['search', 'write']);
    expect(names(false, true)).toEqual(['search', 'bash']);
    expect(registry.all().map((tool) => tool.name)).toEqual(['search', 'write', 'bash']);
  });

  it('refuses something that is not a tool', () => {
    expect(() => new ToolRegistry([{ name: '' } as never])).toThrow(
      'A tool needs a non-empty name and an execute function.',
    );
  });
});
