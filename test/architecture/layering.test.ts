import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath, requireBuilt } from '../helpers/paths.js';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(file))
    .map((file) => join(folder, file));
}

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

function importedModules(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
}

/** Every module a built entry imports, transitively, found by following its relative specifiers. */
function reachableFrom(entry: string): { files: Set<string>; packages: string[] } {
  const files = new Set<string>();
  const packages: string[] = [];
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importedModules(file)) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
      else packages.push(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('layering', () => {
  it('core imports no Node built-in module outside its ./node subpath', () => {
    const nodeOnly = repoPath('packages/core/src/node');
    const files = sourceFiles(repoPath('packages/core/src'));
    // The scan sees core's sources, and it recognises a built-in where one is imported (in ./node).
    expect(files).toEqual(expect.arrayContaining([repoPath('packages/core/src/binder/bind-input.ts')]));
    expect(importedModules(join(nodeOnly, 'resolve-path.ts')).filter((specifier) => BUILTINS.has(specifier))).toEqual([
      'node:fs',
      'node:path',
    ]);
    const offenders = files
      .filter((file) => !file.startsWith(`${nodeOnly}/`))
      .flatMap((file) =>
        importedModules(file)
          .filter((specifier) => BUILTINS.has(specifier))
          .map((specifier) => `${relative(repoPath(''), file)} imports ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });

  it("core's root entry reaches no Node built-in and nothing of its ./node subpath", () => {
    const core = (path: string): string => repoPath(`packages/core/dist/${path}`);
    const { files, packages } = reachableFrom(requireBuilt('packages/core/dist/index.js'));
    // The walk really follows the entry: it reaches the binder, the schema builder and TypeBox.
    expect([...files]).toEqual(
      expect.arrayContaining([core('binder/bind-input.js'), core('schema/build-input-schema.js')]),
    );
    expect(packages).toContain('typebox');
    expect([...files].filter((file) => file.includes('/dist/node/'))).toEqual([]);
    expect(packages.filter((specifier) => BUILTINS.has(specifier))).toEqual([]);
    // The same walk from the ./node entry does find built-ins, so the empty list above means something.
    expect(reachableFrom(requireBuilt('packages/core/dist/node/index.js')).packages).toEqual(
      expect.arrayContaining(['node:fs', 'node:path']),
    );
  });

  it('core depends on no other toolwright package', () => {
    const toolwrightImports = (folder: string): string[] =>
      sourceFiles(repoPath(folder)).flatMap((file) =>
        importedModules(file).filter((specifier) => specifier.startsWith('@toolwright/')),
      );
    // The same scan finds the gate's imports of core, so an empty list for core is not a blind scan.
    expect(toolwrightImports('packages/gate/src')).toContain('@toolwright/core');
    expect(toolwrightImports('packages/core/src')).toEqual([]);
  });

  it('the gate never imports child_process (it runs no commands itself)', () => {
    // The same scan finds the shell's import of child_process.
    expect(importedModules(repoPath('packages/shell/src/local/spawn-in-session.ts'))).toContain('node:child_process');
    const offenders = sourceFiles(repoPath('packages/gate/src')).flatMap((file) =>
      importedModules(file)
        .filter((specifier) => specifier === 'child_process' || specifier === 'node:child_process')
        .map((specifier) => `${relative(repoPath(''), file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  /** The child_process modules Node loaded while importing `path`, as process.moduleLoadList names them. */
  function childProcessModulesLoadedBy(path: string): unknown {
    const entry = requireBuilt(path);
    const script = `await import(${JSON.stringify(entry)}); console.log(JSON.stringify(process.moduleLoadList.filter((name) => /child_process/.test(name))));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    return JSON.parse(run.stdout);
  }

  it.each(['packages/core/dist/index.js', 'packages/gate/dist/index.js'])(
    'loading %s never loads child_process',
    (path) => {
      expect(childProcessModulesLoadedBy(path)).toEqual([]);
    },
  );

  it('the child_process probe sees the module where it is loaded (the shell)', () => {
    expect(childProcessModulesLoadedBy('packages/shell/dist/index.js')).toEqual(
      expect.arrayContaining(['NativeModule child_process']),
    );
  });
});
