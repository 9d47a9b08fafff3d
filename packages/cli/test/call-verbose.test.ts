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
