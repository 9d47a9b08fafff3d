import { describe, expect, it } from 'vitest';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const PLUGIN = 'packages/cli/test/fixtures/progress-plugin.mjs';

describe('toolwright call --verbose', () => {
  it("IN-6: prints the tool's progress and logs to stderr, one line each, and only the result to stdout", () => {
    const run = toolwright(['call', PLUGIN, 'copy_files', '{}', '--verbose']);
    expect(run).toEqual({
      status: 0,
      stdout: 'copied 3 files\n',
      stderr: [
        '[debug] looking at the folder',
        '[progress] 1/3 copied a.txt',
        '[progress] 2/3',
        '[warn] b.txt is large {"bytes":1048576,"path":"b.txt"}',
        '[progress] 3 copied c.txt',
        '[info] done',
        '',
      ].join('\n'),
    });
  });

  it("IN-6: with --json, stdout stays one JSON document; the gate's warning about the call is a log line too", () => {
    const run = toolwright([
      'call',
      PLUGIN,
      'copy_files',
      '{"count":"three"}',
      '--schema-mode',
      'WARN',
      '--verbose',
      '--json',
    ]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ isError: false, content: 'copied 3 files' });
    expect(run.stderr.split('\n')[0]).toBe(
      '[warn] Schema violations in a call to copy_files (WARN mode: the tool runs anyway) {"tool":"copy_files","violations":["Parameter \'count\' must be an integer. The tool was not executed."]}',
    );
    expect(run.stderr.split('\n').slice(1)).toEqual([
      '[debug] looking at the folder',
      '[progress] 1/3 copied a.txt',
      '[progress] 2/3',
      '[warn] b.txt is large {"bytes":1048576,"path":"b.txt"}',
      '[progress] 3 copied c.txt',
      '[info] done',
      '',
    ]);
  });

  it('IN-6: without --verbose nothing is added: no progress, no logs', () => {
    expect(toolwright(['call', PLUGIN, 'copy_files', '{}'])).toEqual({
      status: 0,
      stdout: 'copied 3 files\n',
      stderr: '',
    });
  });

  it('IN-6: call --help names --verbose', () => {
    expect(toolwright(['call', '--help']).stdout).toContain(
      "  --verbose           print the tool's progress and logs to stderr while it runs\n",
    );
  });
});

describe('toolwright call --verbose with a tool that writes control characters', () => {
  it('IN-6: each progress update and log is one line, its control characters escaped: no escape sequence, no forged line', () => {
    const run = toolwright([
      'call',
      'packages/cli/test/fixtures/hostile-progress-plugin.mjs',
      'hostile_progress',
      '{}',
      '--verbose',
    ]);
    expect(run).toEqual({
      status: 0,
      stdout: 'done\n',
      stderr: [
        '[progress] 1/4 \\u001b[2J\\u001b[Hcleared the screen\\u0007',
        '[progress] 2 one\\n[progress] 4/4 forged\\rback',
        '[progress] 3 \\u001b]0;new title\\u0007\\u009b31mred\\u009d8;;http://x\\u009c',
        '[warn] line\\u2028separator\\u2029paragraph\\u000bvertical\\fform {"path":"\\u202eexe.txt","next":"\\u0085"}',
        '[info] \\u001b[1A\\u001b[2K[info] a forged earlier line',
        '[error] 42',
        '',
      ].join('\n'),
    });
    // Nothing but printable text and the line ends.
    // eslint-disable-next-line no-control-regex -- control characters are what must not appear
    expect(run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/);
  });
});
