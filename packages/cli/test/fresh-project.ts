import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { repoPath } from '@toolwright/test-support/paths';

/** A plain project outside the repository, as a tool author makes one: a package.json, the installed packages, a compiled plugin. */
export interface FreshProject {
  /** Its folder. */
  readonly root: string;
  /** Writes a file of the project (folders made as needed); returns its path relative to the root. */
  write(relative: string, content: string): string;
  /** Copies a fixture from `fixtures/author-journey` (beside this file) to `dist/`; returns its path relative to the root. */
  addPlugin(fixture: string): string;
  /** Removes the project. */
  remove(): void;
}

/** Makes a fresh project named `name`; `@toolwright/*` resolves to this workspace's packages, as after an install. */
export function freshProject(name: string): FreshProject {
  const root = mkdtempSync(join(tmpdir(), 'toolwright-author-'));
  mkdirSync(join(root, 'node_modules'));
  symlinkSync(repoPath('node_modules/@toolwright'), join(root, 'node_modules/@toolwright'), 'dir');
  const project: FreshProject = {
    root,
    write(relative, content) {
      const path = join(root, relative);
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, content);
      return relative;
    },
    addPlugin(fixture) {
      mkdirSync(join(root, 'dist'), { recursive: true });
      copyFileSync(
        repoPath(`packages/cli/test/fixtures/author-journey/${fixture}`),
        join(root, 'dist', basename(fixture)),
      );
      return `dist/${basename(fixture)}`;
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
  project.write('package.json', `${JSON.stringify({ name, version: '1.0.0', type: 'module' }, null, 2)}\n`);
  return project;
}
