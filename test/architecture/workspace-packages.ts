// The workspace's packages as their package.json files describe them, and the imports they do not declare.
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { repoPath } from '@toolwright/test-support/paths';
import { importedModules, sourceFiles } from './import-graph.js';

/** A workspace package: its folder name, its package.json name, dependencies and entry sources. */
export interface WorkspacePackage {
  readonly folder: string;
  readonly name: string;
  readonly dependencies: readonly string[];
  /** The sources its package.json exports and bin point at, relative to `src`. */
  readonly entries: readonly string[];
}

/** The package in `packages/<folder>`, read from its package.json. */
export function readPackage(folder: string): WorkspacePackage {
  const manifest = JSON.parse(readFileSync(repoPath(`packages/${folder}/package.json`), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
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
    dependencies: Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies }),
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
 * Each `@toolwright/*` import of the sources under `folder` that `dependencies` does not list, as
 * `<file> imports <package>`, the file relative to the repository.
 */
export function undeclaredImports(folder: string, dependencies: readonly string[]): string[] {
  return sourceFiles(folder).flatMap((file) =>
    importedModules(file)
      .filter((specifier) => specifier.startsWith('@toolwright/'))
      .map((specifier) => specifier.split('/').slice(0, 2).join('/'))
      .filter((name) => !dependencies.includes(name))
      .map((name) => `${relative(repoPath(''), file)} imports ${name}`),
  );
}
