import { describe, expect, it } from 'vitest';
import { ToolParam } from '../decorators/tool-param.js';
import { Type } from '../index.js';
import { ToolInput } from '../input/tool-input.js';
import { buildInputSchema } from '../schema/build-input-schema.js';
import { GenericTool } from '../tool/generic-tool.js';
import { SafetyLevel } from '../tool/safety.js';
import { bindInput } from './bind-input.js';
import { checkConformance, isKnownToConform } from './conforming-inputs.js';

class NoteInput {
  @ToolParam({ description: 'Text', schema: Type.String() })
  text!: string;

  @ToolParam({ description: 'Copies', schema: Type.Integer(), default: 1 })
  copies!: number;
}

class NoteTool extends GenericTool<NoteInput, string> {
  constructor() {
    super({ name: 'note', description: 'Notes text', safety: SafetyLevel.READ_ONLY, input: NoteInput });
  }
  protected doExecute(input: NoteInput): string {
    return input.text.repeat(input.copies);
  }
  protected render(output: string): string {
    return output;
  }
}

describe('one validation per call (binder and gate share core check)', () => {
  const schema = buildInputSchema(NoteInput);

  it('TC-6: an input GenericTool.checkInput passes is known to conform to that schema; a failing one is not', () => {
    const tool = new NoteTool();
    const good = ToolInput.of({ text: 'a' });
    const bad = ToolInput.of({ text: 1, copy: 2 });
    expect(GenericTool.checkInput(tool, good)).toEqual([]);
    expect(isKnownToConform(good, schema)).toBe(true);
    const bound = bindInput(NoteInput, bad);
    expect(GenericTool.checkInput(tool, bad)).toEqual(bound.ok ? [] : bound.violations);
    expect(isKnownToConform(bad, schema)).toBe(false);
    expect(isKnownToConform(good, { ...schema })).toBe(false);
  });

  it('TC-6: nothing but a real check marks an input: a look-alike with the ToolInput brand and a plain object are never known to conform', () => {
    const lookAlike = { [Symbol.for('toolwright.toolInput')]: true, toJSON: () => ({ text: 'a' }) };
    expect(checkConformance(schema, lookAlike as unknown as ToolInput)).toEqual([]);
    expect(isKnownToConform(lookAlike, schema)).toBe(false);
    expect(isKnownToConform({ text: 'a' }, schema)).toBe(false);
  });

  it('TC-6: binding an input checked before gives the same fresh instance as binding an unchecked one', () => {
    const checked = ToolInput.of({ text: 'b', copies: 2 });
    expect(GenericTool.checkInput(new NoteTool(), checked)).toEqual([]);
    const first = bindInput(NoteInput, checked);
    const second = bindInput(NoteInput, ToolInput.of({ text: 'b', copies: 2 }));
    expect(first).toEqual(second);
    expect(first.ok && first.value instanceof NoteInput).toBe(true);
  });

  it('TC-6: binding uses the record up, and only the last checked input is known (the gate binds right after it checks)', () => {
    const tool = new NoteTool();
    const first = ToolInput.of({ text: 'c' });
    const second = ToolInput.of({ text: 'd' });
    expect(GenericTool.checkInput(tool, first)).toEqual([]);
    expect(GenericTool.checkInput(tool, second)).toEqual([]);
    expect(isKnownToConform(first, schema)).toBe(false);
    expect(isKnownToConform(second, schema)).toBe(true);
    const bound = bindInput(NoteInput, second);
    expect(bound.ok && bound.value.text).toBe('d');
    expect(isKnownToConform(second, schema)).toBe(false);
    expect(bindInput(NoteInput, first).ok).toBe(true);
  });

  it('TC-6: bindInput still refuses an input nobody checked', () => {
    const result = bindInput(NoteInput, ToolInput.of({ copies: 'x' }));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.violations.map((violation) => violation.message)).toEqual([
      "Parameter 'text' is required (string). The tool was not executed.",
      "Parameter 'copies' must be an integer. The tool was not executed.",
    ]);
  });

  it('TC-6: checkInput answers only for a GenericTool whose inputSchema is its binding schema', () => {
    const input = ToolInput.of({ text: 'a' });
    expect(GenericTool.checkInput({ inputSchema: schema }, input)).toBeUndefined();
    const changed = new NoteTool();
    Object.defineProperty(changed, 'inputSchema', { value: { type: 'object' } });
    expect(GenericTool.checkInput(changed, input)).toBeUndefined();
    expect(GenericTool.checkInput(null, input)).toBeUndefined();
  });
});
