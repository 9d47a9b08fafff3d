// `toolwright call` where a new tool author stumbled: the flag a refusal needs, the structured
// payload, a mistyped tool, the validation mode, timeouts, and arguments from a file or stdin.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshProject, type FreshProject } from './fresh-project.js';
import { toolwright } from '@toolwright/test-support/run-toolwright';

let project: FreshProject;
let notes: string;
let slow: string;

beforeAll(() => {
  project = freshProject('acme-notes');
  notes = project.addPlugin('notes-plugin.mjs');
  slow = project.addPlugin('slow-plugin.mjs');
});
afterAll(() => project.remove());

const call = (args: readonly string[], input = '') => toolwright(['call', ...args], project.root, input);

describe('toolwright call for a new plugin', () => {
  it('CL-4: a WRITE or BASH tool refused by the safety policy says which flag lets it run', () => {
    const file = '{"file":"notes/a.txt","text":"hi"}';
    expect(call([notes, 'save_note', file])).toEqual({
      status: 1,
      stdout: 'tool requires allowWrite=true: save_note; pass --allow-write to let WRITE tools run\n',
      stderr: '',
    });
    expect(call([notes, 'save_note', file, '--allow-write'])).toEqual({
      status: 0,
      stdout: 'would save 2 characters to notes/a.txt\n',
      stderr: '',
    });
    expect(call([notes, 'sync_notes', '{"command":"git pull"}']).stdout).toBe(
      'tool requires allowBash=true: sync_notes; pass --allow-bash to let BASH tools run\n',
    );
  });

  it("CL-4: --json includes the tool's structured payload", () => {
    const run = call([notes, 'search_notes', '{"query":"milk"}', '--json']);
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(printed)).toEqual(['isError', 'content', 'structured', 'metadata']);
    expect(printed).toMatchObject({
      isError: false,
      content: 'buy milk\nmilk the cows',
      structured: { count: 2, notes: ['buy milk', 'milk the cows'] },
      metadata: { policyDenied: false, truncated: false },
    });
  });

  it('CL-4: a mistyped tool name gets a did-you-mean', () => {
    expect(call([notes, 'serch_notes', '{}'])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: ${notes} has no tool named serch_notes; did you mean search_notes? (it has: search_notes, save_note, sync_notes)\n`,
    });
  });

  it('GV-4/CL-4: call refuses invalid arguments by default (ENFORCE, as serve does); WARN runs the tool anyway', () => {
    const typo = '{"query":"milk","limt":3}';
    expect(call([notes, 'search_notes', typo])).toEqual({
      status: 1,
      stdout: "Unknown parameter 'limt'. Did you mean 'limit'? The tool was not executed.\n",
      stderr: '',
    });
    expect(call([notes, 'search_notes', typo, '--schema-mode', 'warn'])).toEqual({
      status: 0,
      stdout: 'buy milk\nmilk the cows\n',
      stderr: '',
    });
  });

  it("PO-4/CL-4: a tool's own timeoutMs ends a call that never settles; --timeout sets the limit, over the tool's own", () => {
    expect(call([slow, 'stuck_with_limit', '{}'])).toEqual({
      status: 1,
      stdout: "Tool 'stuck_with_limit' did not finish within 400ms and was abandoned.\n",
      stderr: '',
    });
    expect(call([slow, 'stuck', '{}', '--timeout', '300']).stdout).toBe(
      "Tool 'stuck' did not finish within 300ms and was abandoned.\n",
    );
    expect(call([slow, 'stuck_with_limit', '{}', '--timeout', '250']).stdout).toBe(
      "Tool 'stuck_with_limit' did not finish within 250ms and was abandoned.\n",
    );
    expect(call([slow, 'stuck', '{}', '--timeout', '1.5'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'toolwright call: --timeout must be a whole number of milliseconds from 1 to 2,147,483,647, not 1.5.\n',
    });
  });

  it('CL-4: the arguments may come from a file (@args.json) or standard input (-)', () => {
    project.write('args.json', '{"query":"cow"}\n');
    expect(call([notes, 'search_notes', '@args.json'])).toEqual({ status: 0, stdout: 'milk the cows\n', stderr: '' });
    expect(call([notes, 'search_notes', '-'], '{"query":"plumber"}')).toEqual({
      status: 0,
      stdout: 'call the plumber\n',
      stderr: '',
    });
    expect(call([notes, 'search_notes', '@missing.json'])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: cannot read the arguments from missing.json: ENOENT: no such file or directory, open '${join(project.root, 'missing.json')}'\n`,
    });
    project.write('bad.json', 'not json');
    expect(call([notes, 'search_notes', '@bad.json']).stderr).toBe(
      'toolwright call: the arguments in bad.json are not valid JSON: at line 1, column 1, a word that is not true, false or null (strings need double quotes)\n',
    );
    expect(call([notes, 'search_notes', '-'], '').stderr).toBe(
      'toolwright call: the arguments on standard input are not valid JSON: at line 1, column 1, the text is empty (the arguments are a JSON object, such as {})\n',
    );
  });
});
