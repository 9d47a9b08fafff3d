// RS-2/BT-1/BT-2 through `toolwright serve builtin --shell ssh://…` and an MCP client: what the model
// reads of a long output on an SSH host says what the command printed there (the bytes the
// client's capture counted), not what was kept, in the foreground and through BashOutput.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuilt, ROOT } from '@toolwright/test-support/paths';
import { startSshd, type SshdFixture } from '@toolwright/test-support/sshd-fixture';

const HINT =
  'To see the rest, redirect the output to a file and read it in parts, or filter it with grep, head or tail.';
const client = new Client({ name: 'toolwright-ssh-bash-output-test', version: '1.0.0' });
let sshd: SshdFixture;

beforeAll(async () => {
  sshd = await startSshd();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      requireBuilt('packages/cli/dist/bundle/toolwright.js'),
      'serve',
      'builtin',
      '--allow-bash',
      '--shell',
      `ssh://${sshd.username}@127.0.0.1:${sshd.port}/tmp`,
      '--ssh-key',
      sshd.privateKeyFile,
      '--known-hosts',
      sshd.knownHostsFile,
    ],
    cwd: ROOT,
    stderr: 'ignore',
  });
  await client.connect(transport);
}, 120_000);

afterAll(async () => {
  await client.close();
  await sshd?.stop();
});

/** The text of a tool call's one content block. */
async function call(name: string, input: Record<string, unknown>): Promise<string> {
  const result = await client.callTool({ name, arguments: input }, { timeout: 300_000 });
  return (result.content as { text: string }[])[0]?.text ?? '';
}

describe('the Bash tools on an SSH host: cut lines that say what the command printed', () => {
  it('RS-2/BT-1: 50 MB on stdout and 4 bytes on stderr: the bytes printed on each stream and the characters shown', async () => {
    const text = await call('Bash', { command: "head -c 52428800 /dev/zero | tr '\\0' x; echo err >&2; exit 4" });
    expect(text).toBe(
      `${'x'.repeat(29_729)}\n[Output cut: the command printed 52,428,800 bytes on stdout and 4 bytes on stderr; shown: the first 29,729 characters of stdout and none of stderr. ${HINT}]\n[exit code: 4]`,
    );
    expect(text).toHaveLength(30_000);
  }, 300_000);

  it('RS-2/BT-2: BashOutput of 50 MB: each read says the bytes printed since the last one, and they add up to all of it', async () => {
    const started = await call('Bash', { command: "head -c 52428800 /dev/zero | tr '\\0' y", run_in_background: true });
    const id = /bash_\d+/.exec(started)?.[0] ?? '';
    let printed = 0;
    const deadline = Date.now() + 240_000;
    for (;;) {
      const text = await call('BashOutput', { bash_id: id });
      const lines = text.split('\n');
      const counts =
        /^\[Output cut: the command printed ([\d,]+) bytes on stdout and stderr since the last read(?:, of which the buffer kept the last ([\d,]+) bytes)?; shown: the last ([\d,]+) characters\. /.exec(
          lines[0] ?? '',
        );
      const shown = lines.slice(1, -1).join('\n');
      if (counts !== null) {
        printed += Number(counts[1]?.replaceAll(',', ''));
        expect(Number(counts[3]?.replaceAll(',', ''))).toBe(shown.length);
        expect(shown).toBe('y'.repeat(shown.length));
        if (counts[2] !== undefined) expect(Number(counts[2].replaceAll(',', ''))).toBe(1_048_576);
        expect(text.length).toBeLessThanOrEqual(30_000);
      } else {
        // Within the limit and nothing dropped: all of it, and no cut line.
        printed += lines.slice(0, -1).join('\n').length;
      }
      if (lines.at(-1) === '[status: exited, exit code: 0]') break;
      expect(lines.at(-1)).toBe('[status: running]');
      if (Date.now() > deadline) throw new Error('the background command had not ended after 240 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(printed).toBe(52_428_800);
  }, 300_000);
});
