import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath, requireBuilt } from '@toolwright/test-support/paths';
import { undeclaredImports, workspacePackages } from './workspace-packages.js';
import { fileGraph, findCycles, folderGraph, importedModules, sourceFiles, type ImportGraph } from './import-graph.js';

const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Resolves `@toolwright/*` specifiers to their built files, as an importer in this repository would. */
const resolveWorkspace = createRequire(repoPath('package.json')).resolve;

/**
 * Every module a built entry imports, transitively, found by following its relative specifiers (and, with
 * `acrossPackages`, the `@toolwright/*` entries it imports, so another package's modules are walked too).
 */
function reachableFrom(entry: string, acrossPackages = false): { files: Set<string>; packages: string[] } {
  const files = new Set<string>();
  const packages: string[] = [];
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of importedModules(file)) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
      else if (acrossPackages && specifier.startsWith('@toolwright/')) visit(resolveWorkspace(specifier));
      else packages.push(specifier);
    }
  };
  visit(entry);
  return { files, packages };
}

const PACKAGES = workspacePackages();

/** Each import or re-export of a `@toolwright/*` package in `files` that is not type-only, as `<file>: <statement>`. */
function toolwrightValueImports(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\s*((?:import|export)\b[^;]*?from\s+'@toolwright\/[^']+';)/gm)]
      .map((match) => match[1] ?? '')
      .filter((statement) => !/^(?:import|export)\s+type\b/.test(statement))
      .map((statement) => `${relative(repoPath(''), file)}: ${statement}`),
  );
}

/** The file-level and folder-level import cycles among a package's sources. */
function cyclesOf(folder: string, entries: readonly string[]): { files: string[]; folders: string[] } {
  const files = fileGraph(folder);
  return { files: findCycles(files), folders: findCycles(folderGraph(files, entries)) };
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

  it("@toolwright/gate/providers reaches no Node built-in, in the gate's modules or in the core modules it uses", () => {
    const built = (path: string): string => repoPath(`packages/${path}`);
    const { files, packages } = reachableFrom(requireBuilt('packages/gate/dist/providers/index.js'), true);
    // The walk follows the entry into core: it reaches the strict schema, core's map walk and ToolUse parsing.
    expect([...files]).toEqual(
      expect.arrayContaining([
        built('gate/dist/providers/openai-strict-schema.js'),
        built('core/dist/index.js'),
        built('core/dist/internal.js'),
        built('core/dist/input/tool-use.js'),
      ]),
    );
    expect(packages.filter((specifier) => BUILTINS.has(specifier))).toEqual([]);
    expect([...files].filter((file) => file.includes('/dist/node/'))).toEqual([]);
    // The same walk from the gate's root entry does find built-ins (the real-path checks of permissions).
    expect(
      reachableFrom(requireBuilt('packages/gate/dist/index.js'), true).packages.filter((name) => BUILTINS.has(name)),
    ).toEqual(expect.arrayContaining(['node:fs']));
  });

  it('each package imports only the @toolwright packages its package.json depends on', () => {
    // The scan reads real dependencies: the CLI depends on every runtime package, core on none of ours.
    expect(PACKAGES.find((entry) => entry.folder === 'cli')?.dependencies).toEqual(
      expect.arrayContaining(['@toolwright/core', '@toolwright/gate', '@toolwright/ssh']),
    );
    expect(
      PACKAGES.find((entry) => entry.folder === 'core')?.dependencies.filter((name) => name.startsWith('@toolwright/')),
    ).toEqual([]);
    const offenders = PACKAGES.flatMap(({ folder, dependencies }) =>
      undeclaredImports(repoPath(`packages/${folder}/src`), dependencies),
    );
    expect(offenders).toEqual([]);
  });

  it('the dependency check reports a planted import of a package not in the dependencies, subpaths included', () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolwright-layering-'));
    try {
      const file = join(folder, 'uses-gate.ts');
      writeFileSync(
        file,
        "import { ToolGate } from '@toolwright/gate';\nimport type { Tool } from '@toolwright/core';\nexport type { Internal } from '@toolwright/shell/conformance';\n",
      );
      const where = relative(repoPath(''), file);
      expect(undeclaredImports(folder, ['@toolwright/core'])).toEqual([
        `${where} imports @toolwright/gate`,
        `${where} imports @toolwright/shell`,
      ]);
      expect(undeclaredImports(folder, ['@toolwright/core', '@toolwright/gate', '@toolwright/shell'])).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('@toolwright/redis uses @toolwright/gate for types only: no value import in its sources, none in its built modules', () => {
    expect(
      PACKAGES.find((entry) => entry.folder === 'redis')?.dependencies.filter((name) =>
        name.startsWith('@toolwright/'),
      ),
    ).toEqual(['@toolwright/gate']);
    const sources = sourceFiles(repoPath('packages/redis/src'));
    // The scan sees the store's type import of the gate's ApprovalStore.
    expect(importedModules(repoPath('packages/redis/src/redis-approval-store.ts'))).toContain('@toolwright/gate');
    expect(toolwrightValueImports(sources)).toEqual([]);
    const { packages } = reachableFrom(requireBuilt('packages/redis/dist/index.js'));
    expect(packages).toContain('ioredis');
    expect(packages.filter((specifier) => specifier.startsWith('@toolwright/'))).toEqual([]);
  });

  it('the type-only check reports a planted value import and re-export, and passes type-only ones', () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolwright-layering-'));
    try {
      const file = join(folder, 'store.ts');
      writeFileSync(
        file,
        [
          "import type { ApprovalStore } from '@toolwright/gate';",
          "import { type Approval, ToolGate } from '@toolwright/gate';",
          "export type { PendingApproval } from '@toolwright/gate';",
          "export { DEFAULT_APPROVAL_LIFETIME_MS } from '@toolwright/gate';",
          '',
        ].join('\n'),
      );
      const where = relative(repoPath(''), file);
      expect(toolwrightValueImports([file])).toEqual([
        `${where}: import { type Approval, ToolGate } from '@toolwright/gate';`,
        `${where}: export { DEFAULT_APPROVAL_LIFETIME_MS } from '@toolwright/gate';`,
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('the cycle finder finds a planted file cycle and a planted folder cycle, and skips the entry', () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolwright-layering-'));
    try {
      const plant = (file: string, text: string): void => {
        mkdirSync(dirname(join(folder, file)), { recursive: true });
        writeFileSync(join(folder, file), text);
      };
      plant('index.ts', "export { a } from './x/a.js';\nexport { c } from './y/c.js';\n");
      plant('x/a.ts', "import { b } from './b.js';\nexport const a = b;\n");
      plant('x/b.ts', "import type { A } from './a.js';\nimport { c } from '../y/c.js';\nexport const b = c;\n");
      plant('y/c.ts', "import { top } from '../top.js';\nexport const c = top;\n");
      plant('y/d.ts', "export { a } from '../x/a.js';\n");
      plant('top.ts', 'export const top = 1;\n');
      expect(cyclesOf(folder, ['index.ts'])).toEqual({
        files: ['x/a.ts -> x/b.ts -> x/a.ts'],
        folders: ['x -> y -> x'],
      });
      // Counted, the entry would put the top folder in a cycle with every folder that uses a file of it.
      expect(cyclesOf(folder, []).folders).toEqual(['. -> x -> y -> .', 'x -> y -> x']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.each(PACKAGES.map((entry) => [entry.folder, entry.entries] as const))(
    'packages/%s has no file-level and no folder-level import cycle',
    (folder, entries) => {
      const { files, folders } = cyclesOf(repoPath(`packages/${folder}/src`), entries);
      expect({ files, folders }).toEqual({
        files: [],
        folders: [],
      });
    },
  );

  it("tools' file folder does not use the Bash tools' folder, nor mcp's client its server", () => {
    const folders = (folder: string): ImportGraph =>
      folderGraph(fileGraph(repoPath(`packages/${folder}/src`)), ['index.ts']);
    expect(folders('tools').get('file')).not.toContain('bash');
    expect(folders('tools').has('bash')).toBe(true);
    expect(folders('mcp').get('client')).not.toContain('server');
    expect(folders('mcp').get('client')).toContain('tools');
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
