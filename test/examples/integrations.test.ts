// The offline framework examples (pnpm example:ai-sdk, example:openai-agents, example:langchain):
// each runs as a user runs it, and prints exactly the output docs/integrations.md shows for it.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoPath, requireBuilt, ROOT } from '@toolwright/test-support/paths';

/** The `text` block that follows the line naming the example in docs/integrations.md. */
function documentedOutput(example: string): string {
  const docs = readFileSync(repoPath('docs/integrations.md'), 'utf8');
  const named = docs.indexOf(`examples/integrations/src/${example}.ts`);
  expect(named).toBeGreaterThan(-1);
  const start = docs.indexOf('```text\n', named);
  expect(start).toBeGreaterThan(-1);
  const end = docs.indexOf('\n```', start + 8);
  return docs.slice(start + '```text\n'.length, end + 1);
}

function runExample(example: string): string {
  const run = spawnSync(process.execPath, [requireBuilt(`examples/integrations/dist/${example}.js`)], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return run.stdout;
}

describe('the integration examples', () => {
  it.each(['ai-sdk', 'openai-agents', 'langchain'])(
    'IN-1..IN-3: the %s example runs offline and prints what the docs show',
    (example) => {
      const output = runExample(example);
      expect(output).toBe(documentedOutput(example));
      expect(output).toContain("Unknown parameter 'stat'. Did you mean 'state'? The tool was not executed.");
      expect(output).toMatch(/unlocked: front\n$/);
    },
  );
});
