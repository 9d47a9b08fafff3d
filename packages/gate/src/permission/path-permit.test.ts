import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SubjectKind, ToolInput, type Tool } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import { rawTool } from '../../test/test-tools.js';
import { PermissionChecker } from './permission-checker.js';
import type { PermissionConfig } from './permission-config.js';
import { confineToWorkingDirectory } from './working-directory-confinement.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-permit-')));
mkdirSync(join(root, 'ws/private'), { recursive: true });
mkdirSync(join(root, 'out'));
writeFileSync(join(root, 'ws/a.txt'), '');
symlinkSync('../out/planted.txt', join(root, 'ws/dangling'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const ws = join(root, 'ws');
const out = join(root, 'out');
const pathTool = (name: string, parameter: string, extra: Partial<Tool> = {}, tree = false): Tool =>
  rawTool(name, async () => Promise.reject(new Error('not run')), {
    permissionSubject: (input: ToolInput) => ({
      kind: SubjectKind.PATH,
      value: input.getString(parameter, tree ? '.' : ''),
      ...(tree ? { tree: true } : {}),
    }),
    ...extra,
  });
const read = pathTool('Read', 'file_path');
const grep = pathTool('Grep', 'path', { permissionAliases: ['Read'] }, true);
const write = pathTool('Write', 'file_path', { permissionAliases: ['Edit'] });

async function judge(config: PermissionConfig, tool: Tool, input: Record<string, unknown>, approve = false) {
  const checker = PermissionChecker.create(config, [read, grep, write]);
  const decision = await checker.check(tool, ToolInput.of(input), ws, () => approve);
  return { decision, permit: decision.allowed ? checker.permitFor(tool, decision) : undefined };
}

describe('permits for every further path of a call (SPEC PA-2, PA-3)', () => {
  it('PA-3: Grep answers to Read rules: a Read deny hides a folder from it, a Read allow lets it search', async () => {
    const denied = await judge({ allow: ['Grep'], deny: [`Read(${ws}/private/**)`] }, grep, { path: ws });
    expect(denied.decision.allowed).toBe(true);
    expect([
      denied.permit?.(`${ws}/a.txt`),
      denied.permit?.(`${ws}/private/n.txt`),
      denied.permit?.(`${ws}/private`, 'folder'),
    ]).toEqual([true, false, false]);
    const allowed = await judge({ allow: [`Read(${ws}/**)`] }, grep, {});
    expect(allowed.decision).toMatchObject({ allowed: true, rule: `Read(${ws}/**)` });
  });

  it('PA-3: a folder a tool walks is covered by X/** as X itself; Read of a folder is not', async () => {
    expect((await judge({ allow: [`Grep(${ws}/**)`] }, grep, { path: ws })).decision.allowed).toBe(true);
    expect((await judge({ allow: [`Read(${ws}/**)`] }, read, { file_path: ws })).decision.allowed).toBe(false);
    expect(
      (await judge({ allow: ['Grep'], deny: [`Grep(${ws}/private/**)`] }, grep, { path: 'private' })).decision,
    ).toMatchObject({
      allowed: false,
      reason: `Permission denied: Grep of '${ws}/private' matches the deny rule Grep(${ws}/private/**).`,
    });
  });

  it('PA-3: a folder may be entered when an allow rule could match below it; a file only when one matches it', async () => {
    const { permit } = await judge({ allow: [`Grep(${ws})`, `Grep(${ws}/private/deep/**)`] }, grep, { path: ws });
    expect([
      permit?.(`${ws}/private`, 'folder'),
      permit?.(`${ws}/private/deep/x.txt`),
      permit?.(`${ws}/private/y.txt`),
      permit?.(`${ws}/other`, 'folder'),
    ]).toEqual([true, true, false, false]);
  });

  it('PA-2: the judged (or approved) paths pass; another path under an ask rule does not; relative or odd values never do', async () => {
    const { decision, permit } = await judge({ ask: [`Write(${ws}/**)`] }, write, { file_path: 'a.txt' }, true);
    expect(decision).toMatchObject({ allowed: true, decidedBy: 'ask', path: `${ws}/a.txt`, realPath: `${ws}/a.txt` });
    expect([
      permit?.(`${ws}/a.txt`),
      permit?.(`${ws}//./a.txt`),
      permit?.(`${ws}/b.txt`),
      permit?.(`${out}/a.txt`),
      permit?.('a.txt'),
      permit?.(`${ws}/a\0.txt`),
      permit?.(undefined as unknown as string),
    ]).toEqual([true, true, false, false, false, false, false]);
  });

  it('PA-1: a dangling link is judged by its target; Write answers to Edit rules', async () => {
    expect(
      (await judge({ allow: [`Edit(${ws}/**)`], deny: [`Edit(${out}/**)`] }, write, { file_path: 'dangling' }))
        .decision,
    ).toMatchObject({
      allowed: false,
      decidedBy: 'deny',
      reason: `Permission denied: Write of '${ws}/dangling' (really '${out}/planted.txt') matches the deny rule Edit(${out}/**).`,
    });
    expect((await judge({ allow: [`Edit(${ws}/**)`] }, write, { file_path: 'a.txt' })).decision.allowed).toBe(true);
  });

  it('PA-1: a path that cannot be resolved safely is denied with the reason', async () => {
    const { decision } = await judge({ allow: [`Read(${ws}/**)`] }, read, { file_path: `${ws}/${'a/'.repeat(300)}x` });
    expect(decision).toMatchObject({ allowed: false, decidedBy: 'default' });
    expect(decision.reason).toMatch(
      /^Permission denied: the Read path '.*…' cannot be judged\. The path has more than 256 segments\.$/,
    );
  });

  it('PM-1: without rules, a PATH subject is confined to the working directory by its real path too', () => {
    const inside = confineToWorkingDirectory(read, ToolInput.of({ file_path: 'a.txt' }), ws);
    expect(inside).toMatchObject({
      allowed: true,
      decidedBy: 'none',
      rule: 'working directory',
      realPath: `${ws}/a.txt`,
    });
    expect([inside?.permit?.(`${ws}/x`), inside?.permit?.(`${out}/x`), inside?.permit?.(root)]).toEqual([
      true,
      false,
      false,
    ]);
    expect(confineToWorkingDirectory(read, ToolInput.of({ file_path: 'dangling' }), ws)).toMatchObject({
      allowed: false,
      reason: `Permission denied: Read of '${ws}/dangling' (really '${out}/planted.txt') is outside the working directory '${ws}'. Without permission rules, tools that take a path are confined to the working directory; the host can widen that with rules such as Read(/some/folder/**).`,
    });
    const bash = rawTool('Bash', async () => Promise.reject(new Error('not run')), {
      permissionSubject: () => ({ kind: SubjectKind.COMMAND, value: 'ls /' }),
    });
    expect(confineToWorkingDirectory(bash, ToolInput.EMPTY, ws)).toBeUndefined();
  });
});
