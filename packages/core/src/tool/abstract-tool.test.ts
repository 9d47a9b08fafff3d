import { describe, expect, it } from 'vitest';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { ToolInput } from '../input/tool-input.js';
import { AbstractTool, EXECUTE_NOW, isToolClass, type AbstractToolDefinition } from './abstract-tool.js';
import { SafetyLevel } from './safety.js';
import { createToolContext } from './tool-context.js';
import { ToolResult } from './tool-result.js';

type Runner = (input: ToolInput) => unknown;

class HandWritten extends AbstractTool {
  constructor(
    private readonly runner: Runner,
    overrides: Partial<AbstractToolDefinition> = {},
  ) {
    super({
      name: 'hand_written',
      description: 'A tool with a hand-written schema',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, additionalProperties: false },
      ...overrides,
    });
  }

  protected run(input: ToolInput): ToolResult | string {
    return this.runner(input) as string;
  }
}

const context = createToolContext();

describe('AbstractTool', () => {
  it('TC-5: a string from run is a successful result; a ToolResult passes through unchanged', async () => {
    expect(
      await new HandWritten((input) => input.requireString('path')).execute(ToolInput.of({ path: '/a' }), context),
    ).toEqual({ content: '/a', isError: false, metadata: {} });
    const own = ToolResult.error('not found', { metadata: { notFound: true } });
    expect(await new HandWritten(() => own).execute(ToolInput.EMPTY, context)).toBe(own);
  });

  it('TC-5: a missing required argument read through ToolInput becomes the GV-2 sentence', async () => {
    const result = await new HandWritten((input) => input.requireString('path')).execute(ToolInput.EMPTY, context);
    expect(result.content).toBe(
      "Tool 'hand_written' failed: Parameter 'path' is required (string). The tool was not executed.",
    );
    expect(result.isError).toBe(true);
  });

  it('TC-3: run returning something else is an error result, not a crash', async () => {
    const result = await new HandWritten(() => 42).execute(ToolInput.EMPTY, context);
    expect(result).toEqual({
      content: "Tool 'hand_written' returned neither text nor a tool result.",
      isError: true,
      metadata: {},
    });
  });

  it('TC-3: a plain object as input is accepted and null-normalised', async () => {
    const result = await new HandWritten((input) => JSON.stringify(input.toJSON())).execute(
      { path: '/a', gone: null } as unknown as ToolInput,
      context,
    );
    expect(result.content).toBe('{"path":"/a"}');
  });

  it.each([
    [
      'an empty name',
      { name: '' },
      "Tool name '' is not usable: providers accept 1 to 64 letters, digits, '_' or '-'.",
    ],
    [
      'a name with a space',
      { name: 'read file' },
      "Tool name 'read file' is not usable: providers accept 1 to 64 letters, digits, '_' or '-'.",
    ],
    [
      'a 65-character name',
      { name: 'x'.repeat(65) },
      `Tool name '${'x'.repeat(65)}' is not usable: providers accept 1 to 64 letters, digits, '_' or '-'.`,
    ],
    [
      'no description',
      { description: ' ' },
      "Tool 'hand_written' has no description; the model needs one to choose it.",
    ],
    [
      'no safety',
      { safety: undefined as unknown as 'READ_ONLY' },
      "Tool 'hand_written' must declare its safety: READ_ONLY, WRITE or BASH.",
    ],
    [
      'an unknown safety',
      { safety: 'SAFE' as 'READ_ONLY' },
      "Tool 'hand_written' must declare its safety: READ_ONLY, WRITE or BASH.",
    ],
  ])('TC-5: refuses a definition with %s', (_label, overrides, message) => {
    let error: unknown;
    try {
      new HandWritten(() => '', overrides);
    } catch (caught) {
      error = caught;
    }
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect((error as ToolwrightError).code).toBe('INVALID_TOOL_DEFINITION');
    expect((error as Error).message).toBe(message);
  });

  it('PM-2: a subject field the model left out reads as its fallback (Ls searches .), or as empty', () => {
    const listing = new HandWritten(() => '', { subject: { kind: 'PATH', parameter: 'path', fallback: '.' } });
    expect(listing.permissionSubject(ToolInput.EMPTY)).toEqual({ kind: 'PATH', value: '.' });
    expect(listing.permissionSubject(ToolInput.of({ path: '/a' }))).toEqual({ kind: 'PATH', value: '/a' });
    expect(listing.permissionSubject(ToolInput.of({ path: 3 }))).toEqual({ kind: 'PATH', value: '' });
  });

  it('PO-6: reports the resources a call touches, none by default', () => {
    const tool = new HandWritten(() => '', { resourceKeys: (input) => [input.getString('path', '')] });
    expect(tool.resourceKeys(ToolInput.of({ path: '/a' }))).toEqual(['/a']);
    expect(new HandWritten(() => '').resourceKeys(ToolInput.of({ path: '/a' }))).toEqual([]);
  });

  it('MP-4: a definition may give a title and say whether a repeat changes more and whether it reaches an open world', () => {
    const declared = new HandWritten(() => '', {
      title: 'Hand-written probe',
      safety: { level: SafetyLevel.WRITE, destructive: false, idempotent: true, openWorld: false },
    });
    expect([declared.title, declared.safety, Object.isFrozen(declared.safety)]).toEqual([
      'Hand-written probe',
      { level: 'WRITE', destructive: false, idempotent: true, openWorld: false },
      true,
    ]);
    const plain = new HandWritten(() => '', { safety: { level: SafetyLevel.WRITE, destructive: true } });
    expect([plain.title, plain.safety]).toEqual([undefined, { level: 'WRITE', destructive: true }]);
    const bad = (overrides: Partial<AbstractToolDefinition>) => () => new HandWritten(() => '', overrides);
    expect(bad({ safety: { level: 'WRITE', destructive: true, idempotent: 'yes' } as never })).toThrow(
      `Tool 'hand_written' has safety.idempotent "yes"; it must be true or false, or left out.`,
    );
    expect(bad({ safety: { level: 'WRITE', destructive: true, openWorld: 1 } as never })).toThrow(
      `Tool 'hand_written' has safety.openWorld 1; it must be true or false, or left out.`,
    );
    for (const title of ['', '  ', 3])
      expect(bad({ title: title as never })).toThrow(
        "Tool 'hand_written' has an empty or non-text title; give a short name for people, or leave it out.",
      );
  });

  it('PO-4: a definition may give the limit of one call (timeoutMs); one no timer can keep is refused', () => {
    expect(new HandWritten(() => '', { timeoutMs: 90_000 }).timeoutMs).toBe(90_000);
    expect(new HandWritten(() => '').timeoutMs).toBeUndefined();
    for (const timeoutMs of [0, 1.5, 2 ** 31])
      expect(() => new HandWritten(() => '', { timeoutMs })).toThrow(
        `Tool 'hand_written': timeoutMs must be a whole number of milliseconds from 1 to 2,147,483,647, not ${timeoutMs}.`,
      );
  });

  it('TC-5: a synchronous answer of text alone is that text through EXECUTE_NOW, and an ok result through execute', async () => {
    const tool = new HandWritten(() => 'found');
    const executeNow = (tool as unknown as Record<symbol, (input: unknown, context: unknown) => unknown>)[EXECUTE_NOW]!;
    expect(executeNow({}, context)).toBe('found');
    const result = await tool.execute(ToolInput.EMPTY, context);
    expect(result).toEqual({ content: 'found', isError: false, metadata: {} });
    expect(Object.isFrozen(result)).toBe(true);
    const full = ToolResult.ok('found', { metadata: { exitCode: 0 } });
    const fullNow = (new HandWritten(() => full) as unknown as Record<symbol, typeof executeNow>)[EXECUTE_NOW]!;
    expect(fullNow({}, context)).toBe(full);
  });
});

describe('isToolClass', () => {
  it('is true for a class that extends AbstractTool, at any depth, and false for AbstractTool itself', () => {
    class Deeper extends HandWritten {}
    expect(isToolClass(HandWritten)).toBe(true);
    expect(isToolClass(Deeper)).toBe(true);
    expect(isToolClass(AbstractTool)).toBe(false);
  });

  it('recognises a tool class of another copy of core, whose AbstractTool is marked the same way', () => {
    // What another copy's module does to its own AbstractTool.
    abstract class OtherCopyAbstractTool {}
    Object.defineProperty(OtherCopyAbstractTool, Symbol.for('toolwright.toolClass'), { value: true });
    class OtherCopyTool extends OtherCopyAbstractTool {}
    expect(isToolClass(OtherCopyTool)).toBe(true);
    expect(isToolClass(OtherCopyAbstractTool)).toBe(false);
  });

  it.each([
    ['a class of its own', class Plain {}],
    ['a function', () => undefined],
    ['a tool instance', new HandWritten(() => 'x')],
    ['null', null],
  ])('is false for %s', (_case, value) => {
    expect(isToolClass(value)).toBe(false);
  });
});
