import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
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
  it('core imports no Node built-in module', () => {
    const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    const offenders = sourceFiles(repoPath('packages/core/src')).flatMap((file) =>
      importedModules(file)
        .filter((specifier) => builtins.has(specifier))
        .map((specifier) => `${relative(repoPath(''), file)} imports ${specifier}`),
    );
    expect(offenders).toEqual([]);
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
