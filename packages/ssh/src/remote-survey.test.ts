import { ShellStartError } from '@toolwright/shell';
import { describe, expect, it } from 'vitest';
import { readSurvey } from './remote-survey.js';

const record = (...fields: string[]): string => fields.map((field) => `${field}\0`).join('');

describe('readSurvey', () => {
  const complete =
    record('C', '/work') +
    record('Q', '/work', '/work', 'd') +
    record('Q', '/work/', '/work', 'd') +
    record('L', '/work/dangling') +
    record('Ed/work/src', 'Ef/work/.env', 'ElN/work/broken', 'Eld/work/docs', 'Ef/work/src/a.ts') +
    record('T/gone', 'T/data/docs') +
    record('H', 'F') +
    record('Z');

  it('SB-7: reads the working directory, the paths it resolved, the folders it listed and the links, in order', async () => {
    const { cwd, host } = readSurvey(complete, '/home/agent');
    expect(cwd).toBe('/work');
    expect(host.realPath('/work/./')).toBe('/work');
    expect(host.realPath('/work/dangling')).toBeUndefined();
    expect(host.exists('/work/dangling')).toBe(true);
    expect(host.exists('/work/missing')).toBe(false);
    expect(host.isFolder('/work')).toBe(true);
    expect(await host.folders.readFolder('/work')).toEqual([
      { name: 'src', kind: 'folder' },
      { name: '.env', kind: 'file' },
      { name: 'broken', kind: 'link' },
      { name: 'docs', kind: 'link' },
    ]);
    expect(await host.folders.readFolder('/work/src')).toEqual([{ name: 'a.ts', kind: 'file' }]);
    // The dangling link's target is none; the other link's target comes from the second T.
    expect(await host.folders.realTarget('/work/broken')).toBeUndefined();
    expect(await host.folders.realTarget('/work/docs')).toEqual({ path: '/data/docs', folder: true });
  });

  it('SB-7: a folder resolveSandboxPolicy makes is reported, and then resolves to itself', () => {
    const survey = readSurvey(complete, '/home/agent');
    survey.host.makeFolder('/work/.git/hooks');
    expect(survey.made()).toEqual(['/work/.git/hooks']);
    expect(survey.host.realPath('/work/.git/hooks')).toBe('/work/.git/hooks');
  });

  it('SB-7: a survey cut short (no Z) is refused: what it never reported is not taken for absent', () => {
    for (const cut of [complete.slice(0, complete.indexOf('Z')), complete.slice(0, 40), '', record('Z')])
      expect(() => readSurvey(cut, '/home/agent')).toThrow(
        new ShellStartError('The command could not start: its sandbox could not survey the host.'),
      );
  });

  it('SB-7: an unknown record stops the reading, so the survey counts as cut short', () => {
    expect(() => readSurvey(record('C', '/work') + record('X', 'odd') + record('Z'), '/home/agent')).toThrow(
      ShellStartError,
    );
  });

  it('SB-7: a listing cut at the search budget (no H or F) stops the command, naming the folder', () => {
    const withoutF = complete.replace(record('H', 'F'), record('H'));
    expect(() => readSurvey(withoutF, '/home/agent')).toThrow(
      "its sandbox's secret search (node_modules and .git not counted) found more than 100,000 entries in /work,",
    );
    const withoutH = complete.replace(record('H', 'F'), record('F'));
    expect(() => readSurvey(withoutH, '/home/agent')).toThrow('found more than 100,000 entries in /home/agent,');
  });
});
