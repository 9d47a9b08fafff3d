// `toolwright docs` where a new tool author stumbled: in a fresh project, with the title, the
// constraints, the run option and the permission subject their users need.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshProject, type FreshProject } from './fresh-project.js';
import { toolwright } from '@toolwright/test-support/run-toolwright';

let project: FreshProject;
let plugin: string;

beforeAll(() => {
  project = freshProject('acme-notes');
  plugin = project.addPlugin('notes-plugin.mjs');
});
afterAll(() => project.remove());

describe('toolwright docs for a new plugin', () => {
  it('CL-1: --out docs/tools.md in a fresh project creates the docs folder instead of crashing', () => {
    expect(existsSync(join(project.root, 'docs'))).toBe(false);
    expect(toolwright(['docs', plugin, '--out', 'docs/tools.md'], project.root)).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
    expect(readFileSync(join(project.root, 'docs/tools.md'), 'utf8')).toMatch(/^# acme-notes tools\n/);
  });

  it('CL-1: a file that cannot be written is one line and exit code 2, not a stack trace', () => {
    const run = toolwright(['docs', plugin, '--out', 'package.json/tools.md'], project.root);
    expect(run).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright docs: cannot write package.json/tools.md: EEXIST: file already exists, mkdir '${join(project.root, 'package.json')}'\n`,
    });
  });

  it('CL-1: --check names the whole command that brings the file up to date, --title included', () => {
    const command = ['docs', plugin, '--title', "Acme's notes", '--out', 'docs/titled.md'];
    expect(toolwright(command, project.root).status).toBe(0);
    expect(toolwright([...command, '--check'], project.root)).toEqual({ status: 0, stdout: '', stderr: '' });
    writeFileSync(join(project.root, 'docs/titled.md'), 'edited by hand\n');
    expect(toolwright([...command.slice(0, 2), '--check', ...command.slice(2)], project.root)).toEqual({
      status: 1,
      stdout: '',
      stderr: `docs/titled.md is out of date; run: toolwright docs ${plugin} --title 'Acme'\\''s notes' --out docs/titled.md\n`,
    });
  });

  it("AU-4: the title is the plugin's package.json name (a dist/package.json with only a type is passed over); builtin keeps its own", () => {
    project.write('dist/package.json', '{ "type": "module" }\n');
    expect(toolwright(['docs', plugin], project.root).stdout).toMatch(/^# acme-notes tools\n/);
    expect(toolwright(['docs', plugin, '--title', 'Notes'], project.root).stdout).toMatch(/^# Notes\n/);
    expect(toolwright(['docs', 'builtin'], project.root).stdout).toMatch(/^# Built-in tools\n/);
  });

  it('AU-4: the parameter table has a constraints column: ranges, lengths, patterns, item counts', () => {
    const docs = toolwright(['docs', plugin], project.root).stdout;
    expect(docs).toContain(
      [
        '| Name | Type | Required | Default | Constraints | Description |',
        '| --- | --- | --- | --- | --- | --- |',
        '| `query` | string | yes |  | 1 to 200 characters | Text to look for |',
        '| `tags` | array of string | no |  | at most 5 items; no duplicates; each: matches `^[a-z]+$` | Only notes with these tags |',
        '| `limit` | integer | no | `10` | 1 to 50 | Most notes to return |',
        '| `score` | number | no |  | > 0; < 1 | Smallest relevance |',
      ].join('\n'),
    );
  });

  it('AU-4: a WRITE or BASH tool says which run option it needs, and every tool how permission rules match it', () => {
    const docs = toolwright(['docs', plugin], project.root).stdout;
    expect(docs).toContain(
      '**Permission rules:** `search_notes` allows every call. It exposes no subject, so a pattern rule (`search_notes(...)`) denies every call.\n',
    );
    expect(docs).toContain(
      [
        '**Safety:** WRITE; runs alone',
        '',
        '**Needs:** the run option `allowWrite: true` (`--allow-write` for `toolwright call` and `serve`); without it the tool is neither offered nor run.',
        '',
        '**Permission rules:** `save_note` allows every call; `save_note(/srv/project/**)` only calls whose `file` matches (made absolute and normalised, symlinks resolved). Without any rules, its paths are confined to the working directory.',
      ].join('\n'),
    );
    expect(docs).toContain(
      [
        '**Needs:** the run option `allowBash: true` (`--allow-bash` for `toolwright call` and `serve`); without it the tool is neither offered nor run.',
        '',
        '**Permission rules:** `sync_notes` allows every call; `sync_notes(git status)` only that command in `command`, `sync_notes(git:*)` git and its subcommands.',
      ].join('\n'),
    );
  });
});
