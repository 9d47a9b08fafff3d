import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';

describe('the MCP server example (pnpm example:mcp)', () => {
  it('MC-1: the official SDK client lists the tool, runs a call, and reads the did-you-mean line of a typo', () => {
    const run = spawnSync(process.execPath, [requireBuilt('examples/mcp-server/dist/client-demo.js')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      [
        'tool search_orders: Finds orders whose note contains the query, optionally filtered by status, customer and products. (read-only: true)',
        '',
        'a good call: {"query":"gift","-i":true}',
        'A-1001 [open] Ada Lovelace: Gift wrap, deliver before Friday',
        'A-1002 [shipped] Grace Hopper: gift for a colleague',
        '',
        'a typo: {"qeury":"gift"}',
        "isError Unknown parameter 'qeury'. Did you mean 'query'? The tool was not executed.",
        '',
      ].join('\n'),
    );
  });
});
