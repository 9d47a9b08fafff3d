import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoPath, requireBuilt } from '../helpers/paths.js';

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(file))
    .map((file) => join(folder, file));
}

function importedModules(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+'([^']+)'|^\s*import\s+'([^']+)'/gm)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
}

describe('layering', () => {
  it('core imports no Node built-in module outside its ./node subpath', () => {
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const nodeOnly = repoPath('packages/core/src/node');
    const offenders = sourceFiles(repoPath('packages/core/src'))
      .filter((file) => !file.startsWith(`${nodeOnly}/`))
      .flatMap((file) =>
        importedModules(file)
          .filter((specifier) => builtins.has(specifier))
          .map((specifier) => `${relative(repoPath(''), file)} imports ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });

  it("core's root entry reaches no Node built-in and nothing of its ./node subpath", () => {
    // Every module the built entry imports, transitively, by following its relative specifiers.
    const seen = new Set<string>();
    const reached: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of importedModules(file)) {
        if (specifier.startsWith('.')) visit(join(dirname(file), specifier));
        else reached.push(specifier);
      }
    };
    visit(requireBuilt('packages/core/dist/index.js'));
    expect(seen.size).toBeGreaterThan(20);
    expect([...seen].filter((file) => file.includes('/dist/node/'))).toEqual([]);
    expect(reached.filter((specifier) => specifier.startsWith('node:'))).toEqual([]);
    expect(existsSync(repoPath('packages/core/dist/node/index.js'))).toBe(true);
  });

  it('core depends on no other toolwright package', () => {
    const offenders = sourceFiles(repoPath('packages/core/src')).flatMap((file) =>
      importedModules(file).filter((specifier) => specifier.startsWith('@toolwright/')),
    );
    expect(offenders).toEqual([]);
  });

  it('the gate never imports child_process (it runs no commands itself)', () => {
    const offenders = sourceFiles(repoPath('packages/gate/src')).flatMap((file) =>
      importedModules(file)
        .filter((specifier) => specifier === 'child_process' || specifier === 'node:child_process')
        .map((specifier) => `${relative(repoPath(''), file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
  });

  it.each(['packages/core/dist/index.js', 'packages/gate/dist/index.js'])(
    'loading %s never loads child_process',
    (path) => {
      const entry = requireBuilt(path);
      const script = `await import(${JSON.stringify(entry)}); console.log(JSON.stringify(process.moduleLoadList.filter((name) => /child_process/.test(name))));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(JSON.parse(run.stdout)).toEqual([]);
    },
  );
});
