import { describe, expect, it } from 'vitest';
import { createApprovalRequest, readDecision, refusalText } from './approval-request.js';

describe('approval request', () => {
  it('IN-3, RU-4: the interrupt value has the shape of humanInTheLoopMiddleware requests: approve, edit and reject', () => {
    expect(createApprovalRequest('delete_file', { path: '/tmp/a' })).toEqual({
      actionRequests: [
        {
          name: 'delete_file',
          args: { path: '/tmp/a' },
          description: 'Tool execution requires approval\n\nTool: delete_file\nArgs: {\n  "path": "/tmp/a"\n}',
        },
      ],
      reviewConfigs: [{ actionName: 'delete_file', allowedDecisions: ['approve', 'edit', 'reject'] }],
    });
  });

  it('IN-3: only one approve decision approves; a reject keeps its message', () => {
    expect(readDecision({ decisions: [{ type: 'approve' }] })).toEqual({ approved: true });
    expect(readDecision({ decisions: [{ type: 'reject', message: ' not now ' }] })).toEqual({
      approved: false,
      message: 'not now',
    });
    expect(readDecision({ decisions: [{ type: 'reject' }] })).toEqual({ approved: false });
    expect(readDecision({ decisions: [{ type: 'reject', message: '  ' }] })).toEqual({ approved: false });
  });

  it('RU-4: an edit of the same tool approves its arguments (which the gate judges again); an edit of another tool or without arguments refuses', () => {
    expect(
      readDecision(
        { decisions: [{ type: 'edit', editedAction: { name: 'delete_file', args: { path: '/tmp/b' } } }] },
        'delete_file',
      ),
    ).toEqual({ approved: true, input: { path: '/tmp/b' } });
    for (const editedAction of [
      { name: 'write_file', args: { path: '/tmp/b' } },
      { name: 'delete_file', args: '/tmp/b' },
      { name: 'delete_file', args: ['/tmp/b'] },
      { name: 'delete_file' },
      null,
    ])
      expect(readDecision({ decisions: [{ type: 'edit', editedAction }] }, 'delete_file')).toEqual({ approved: false });
  });

  it('IN-3: any other answer refuses: several decisions, none, or a value of another shape', () => {
    const refusals = [
      { decisions: [{ type: 'edit', editedAction: { name: 'delete_file', args: { path: '/' } } }] },
      { decisions: [{ type: 'approve' }, { type: 'approve' }] },
      { decisions: [] },
      { decisions: ['approve'] },
      { type: 'approve' },
      true,
      'approve',
      null,
      undefined,
    ];
    expect(refusals.map((answer) => readDecision(answer, 'other_tool'))).toEqual(
      refusals.map(() => ({ approved: false })),
    );
  });

  it('IN-3: the refusal the model reads says the tool was not executed, with the reason when there is one', () => {
    expect(refusalText('set_light', undefined)).toBe(
      'Permission denied: the user refused this set_light call. The tool was not executed.',
    );
    expect(refusalText('set_light', 'not now')).toBe(
      'Permission denied: the user refused this set_light call (not now). The tool was not executed.',
    );
  });
});
