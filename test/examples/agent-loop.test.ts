import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { LocalShell } from '@toolwright/shell';
import { describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';

describe('the demo (pnpm demo)', () => {
  it('replays the recorded session through the gate and prints every scenario', () => {
    const run = spawnSync(process.execPath, [requireBuilt('examples/agent-loop/dist/main.js')], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const output = run.stdout;
    // Every scenario, in order, and no other.
    expect(output.split('\n').filter((line) => line.startsWith('==='))).toEqual([
      '=== 1. a typed call (anthropic) ===',
      '=== 2. a null argument, normalised away (anthropic) ===',
      '=== 3. a typo, answered with did-you-mean (openai) ===',
      '=== 4. a permission denial (openai) ===',
      '=== 5. a Bash timeout whose grandchild dies (anthropic) ===',
      '=== 6. a truncated large output (openai) ===',
      '=== 7. a write outside the workspace, refused by the sandbox (anthropic) ===',
    ]);
    expect(output).toContain('A-1001 [open] Ada Lovelace: Gift wrap, deliver before Friday');
    expect(output).toContain('tool input   {"query":"Friday","customer":{"name":"Ada"}}');
    expect(output).toContain(
      "error result Unknown parameter 'qeury'. Did you mean 'query'? The tool was not executed.",
    );
    expect(output).toContain(
      '"content":"Error: Unknown parameter \'qeury\'. Did you mean \'query\'? The tool was not executed."',
    );
    expect(output).toContain("error result Permission denied: the Bash command 'rm -rf build' matches no allow rule");
    expect(output).toMatch(/\[timed out after 1000ms\]\n/);
    expect(output).toContain(
      'processes of this command still alive after the timeout: 0 (child and grandchild were killed with the tree)',
    );
    expect(output).toMatch(/=== 6\. a truncated large output \(openai\) ===[\s\S]*"truncated":true/);
    // SB-5: the command's own error, then the sandbox's rule, in what the model reads.
    if (new LocalShell().sandbox === 'bubblewrap')
      expect(output).toMatch(
        /error result touch: cannot touch '\/etc\/toolwright-demo-(\d+)': Read-only file system\n {13}\[sandbox: \/etc\/toolwright-demo-\1 is read-only; writable: [^\n]*examples\/agent-loop, \/tmp\]\n {13}\[exit code: 1\]/,
      );
    else
      expect(output).toContain(
        'no sandbox on this machine (install bubblewrap to see this write refused): the call is not run',
      );
    expect(readdirSync('/etc').filter((name) => name.startsWith('toolwright-demo-'))).toEqual([]);
  });
});
