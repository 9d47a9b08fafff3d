import { describe, expect, it } from 'vitest';
import { ToolInput } from '../input/tool-input.js';
import { AbstractTool } from './abstract-tool.js';
import { SafetyLevel } from './safety.js';
import { createToolContext, type ToolContext, type ToolProgress } from './tool-context.js';

/** A tool that reports two steps of three while it runs. */
class CopyTool extends AbstractTool {
  constructor() {
    super({
      name: 'copy',
      description: 'Copies three files',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    });
  }

  protected run(_input: ToolInput, context: ToolContext): string {
    context.progress({ progress: 1, total: 3, message: 'a.txt' });
    context.progress({ progress: 2, total: 3 });
    return 'copied';
  }
}

describe('createToolContext', () => {
  it('IN-6: a tool reports progress without a check, and by default the reports go nowhere', async () => {
    const context = createToolContext();
    expect(context.progress({ progress: 1 })).toBeUndefined();
    expect(await new CopyTool().execute(ToolInput.EMPTY, context)).toEqual({
      content: 'copied',
      isError: false,
      metadata: {},
    });
  });

  it('IN-6: a progress override receives every report, in order and unchanged', async () => {
    const reports: ToolProgress[] = [];
    const context = createToolContext({ progress: (update) => reports.push(update) });
    await new CopyTool().execute(ToolInput.EMPTY, context);
    expect(reports).toEqual([
      { progress: 1, total: 3, message: 'a.txt' },
      { progress: 2, total: 3 },
    ]);
    expect(Object.isFrozen(context)).toBe(true);
  });

  it('IN-6: contexts without a listener share one progress function', () => {
    expect(createToolContext().progress).toBe(createToolContext({ cwd: '/tmp' }).progress);
  });
});
