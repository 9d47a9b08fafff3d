import { describe, expect, it } from 'vitest';
import { toolwright } from '@toolwright/test-support/run-toolwright';

describe('committed reference docs', () => {
  it('CL-1: docs/tools.md is the generated reference of the built-in tools, up to date', () => {
    expect(
      toolwright(['docs', 'builtin', '--title', 'Built-in tools', '--out', 'docs/tools.md', '--check']),
    ).toMatchObject({ status: 0, stderr: '' });
  });

  it("CL-1: the example plugin's docs/tools.md is up to date", () => {
    expect(
      toolwright([
        'docs',
        'examples/plugin-orders/dist/index.js',
        '--title',
        'Order tools',
        '--out',
        'examples/plugin-orders/docs/tools.md',
        '--check',
      ]),
    ).toMatchObject({ status: 0, stderr: '' });
  });
});
