// The workspace's packages as their package.json files describe them, and the imports they do not declare.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoPath } from '@toolwright/test-support/paths';
import { importedModules, sourceFiles } from './import-graph.js';

/** A workspace package: its folder name, its package.json name, dependencies and entry sources. */
export interface WorkspacePackage {
  readonly folder: string;
  readonly name: string;
  /** Never published (`"private": true`): the shared test support. */
  readonly private: boolean;
  /** What its users install with it: `dependencies` and `peerDependencies`. */
  readonly dependencies: readonly string[];
  /** What only its own tests and build use. */
  readonly devDependencies: readonly string[];
  /** The sources its package.json exports and bin point at, relative to `src`. */
  readonly entries: readonly string[];
}

/** The package in `packages/<folder>`, read from its package.json. */
export function readPackage(folder: string): WorkspacePackage {
  const manifest = JSON.parse(readFileSync(repoPath(`packages/${folder}/package.json`), 'utf8')) as {
    name: string;
    private?: boolean;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    exports: Record<string, string | { default: string }>;
    bin?: Record<string, string>;
  };
  const targets = [
    ...Object.values(manifest.exports).map((target) => (typeof target === 'string' ? target : target.default)),
    ...Object.values(manifest.bin ?? {}),
  ];
  return {
    folder,
    name: manifest.name,
    private: manifest.private === true,
    dependencies: Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }),
    devDependencies: Object.keys(manifest.devDependencies ?? {}),
    entries: targets
      .filter((target) => target.startsWith('./dist/'))
      .map((target) => target.slice(7).replace(/\.js$/, '.ts')),
  };
}

/** Every workspace package, by folder name. */
export function workspacePackages(): WorkspacePackage[] {
  return readdirSync(repoPath('packages')).sort().map(readPackage);
}

/**
 * The test files of the package (or repository) at `root`: the tests beside the sources (the
 * `*.test.ts` and `*.test-d.ts` files under `src/`) and every module under `test/`, as absolute paths.
 */
export function testFiles(root: string): string[] {
  const below = (folder: string, keep: RegExp): string[] =>
    existsSync(join(root, folder))
      ? readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
          .filter((file) => keep.test(file) && !file.split('/').includes('node_modules'))
          .map((file) => join(root, folder, file))
      : [];
  return [...below('src', /\.test(-d)?\.ts$/), ...below('test', /(?<!\.d)\.(ts|mts|mjs)$/)].sort();
}

/**
 * Each `@toolwright/*` import of the sources under `folder` that `dependencies` does not list, as
 * `<file> imports <package>`, the file relative to the repository.
 */
export function undeclaredImports(folder: string, dependencies: readonly string[]): string[] {
  return undeclaredImportsOf(sourceFiles(folder), dependencies);
}

/** Each `@toolwright/*` import of `files` that `dependencies` does not list, as in {@link undeclaredImports}. */
export function undeclaredImportsOf(files: readonly string[], dependencies: readonly string[]): string[] {
  return files.flatMap((file) =>
    importedModules(file)
      .filter((specifier) => specifier.startsWith('@toolwright/'))
      .map((specifier) => specifier.split('/').slice(0, 2).join('/'))
      .filter((name) => !dependencies.includes(name))
      .map((name) => `${relative(repoPath(''), file)} imports ${name}`),
  );
}
