import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { findDuplicateNames, loadPlugin } from './load-plugin.js';

// Plugins live in a folder of their own that resolves @toolwright/core as an installed plugin does.
const folder = realpathSync(mkdtempSync(join(tmpdir(), 'tw-load-plugin-')));
mkdirSync(join(folder, 'node_modules', '@toolwright'), { recursive: true });
symlinkSync(
  fileURLToPath(new URL('../../../core', import.meta.url)),
  join(folder, 'node_modules', '@toolwright', 'core'),
);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Writes a plugin file into the folder and returns its specifier (relative to the folder). */
function plugin(name: string, source: string): string {
  writeFileSync(join(folder, name), source);
  return name;
}

/** An ES module source declaring tool classes of the given names (class `Tool_<name>`), then `rest`. */
const esm = (names: readonly string[], rest: string): string => `
import { AbstractTool, SafetyLevel } from '@toolwright/core';
${names
  .map(
    (name) => `class Tool_${name} extends AbstractTool {
  constructor() {
    super({ name: '${name}', description: 'The ${name} tool', safety: SafetyLevel.READ_ONLY, inputSchema: { type: 'object', properties: {}, additionalProperties: false } });
  }
  run() { return '${name}'; }
}`,
  )
  .join('\n')}
${rest}
`;

/** What a load refused: the usage error's name, code and message. */
async function refusal(specifier: string): Promise<unknown> {
  const error: unknown = await loadPlugin(specifier, folder).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  const { name, code, message } = error as { name: string; code: string; message: string };
  return { name, code, message };
}

const usageError = (message: string): unknown => ({ name: 'UsageError', code: 'CLI_USAGE', message });

describe('loadPlugin', () => {
  it('CL-2/CL-4: an ES module’s default array, named instances and classes are its tools, each once, with their origin', async () => {
    const specifier = plugin(
      'tools.mjs',
      esm(
        ['lookup', 'search', 'fetch'],
        `const lookup = new Tool_lookup();
export default [lookup, new Tool_search()];
export { lookup, Tool_lookup, Tool_fetch };
export const version = '1.0.0';
export class NotATool {}`,
      ),
    );
    const loaded = await loadPlugin(specifier, folder);
    expect(loaded.name).toBe('tools.mjs');
    expect(loaded.tools.map((tool) => [tool.name, loaded.origins.get(tool)])).toEqual([
      ['lookup', 'default export [0]'],
      ['search', 'default export [1]'],
      ['fetch', 'export Tool_fetch'],
    ]);
    await expect(loaded.dispose()).resolves.toBeUndefined();
  });

  it('CL-2/CL-4: one tool as the default export, and a CommonJS exports.default beside __esModule', async () => {
    const single = await loadPlugin(plugin('single.mjs', esm(['lookup'], 'export default new Tool_lookup();')), folder);
    expect(single.tools.map((tool) => [tool.name, single.origins.get(tool)])).toEqual([['lookup', 'default export']]);
    const commonJs = plugin(
      'compiled.cjs',
      `'use strict';
Object.defineProperty(exports, '__esModule', { value: true });
const { AbstractTool, SafetyLevel } = require('@toolwright/core');
class Compiled extends AbstractTool {
  constructor() {
    super({ name: 'compiled', description: 'Compiled to CommonJS', safety: SafetyLevel.READ_ONLY, inputSchema: { type: 'object', properties: {}, additionalProperties: false } });
  }
  run() { return 'compiled'; }
}
exports.default = new Compiled();
`,
    );
    const loaded = await loadPlugin(commonJs, folder);
    expect(loaded.tools.map((tool) => [tool.name, loaded.origins.get(tool)])).toEqual([['compiled', 'default export']]);
  });

  it('CL-2/CL-4: a missing file, and a TypeScript file where tsx is not installed, are usage errors saying what to do', async () => {
    expect(await refusal('plugins/missing.mjs')).toEqual(
      usageError(`cannot find the plugin module plugins/missing.mjs (looked at ${folder}/plugins/missing.mjs)`),
    );
    expect(await refusal(plugin('source.ts', 'export default [];\n'))).toEqual(
      usageError(
        'source.ts is TypeScript and tsx is not installed: compile the plugin (tsc, or esbuild --target=node20) and pass the compiled .js file, or install tsx',
      ),
    );
  });

  it('CL-2/CL-4: a module that throws while loading is a usage error: the first line of its reason, or the registration error as it is', async () => {
    expect(
      await refusal(plugin('throws.mjs', "throw new Error('the database is unreachable\\n  at setup');\n")),
    ).toEqual(usageError('cannot load throws.mjs: the database is unreachable'));
    const registration = plugin(
      'registration.mjs',
      "import { ToolwrightError } from '@toolwright/core';\nthrow new ToolwrightError('NO_PARAMETERS', 'Empty has no @ToolParam fields.');\n",
    );
    expect(await refusal(registration)).toEqual(usageError('registration.mjs: Empty has no @ToolParam fields.'));
  });

  it('CL-2/CL-4: a module without tools, or with a tool class that needs arguments, is a usage error', async () => {
    const none = plugin(
      'none.mjs',
      "export const version = '1.0.0';\nexport default { name: 'a look-alike' };\nexport class Plain {}\n",
    );
    expect(await refusal(none)).toEqual(
      usageError('none.mjs exports no tools (export tool instances or classes, or a default array of them)'),
    );
    const needsArguments = plugin(
      'needs-arguments.mjs',
      `import { AbstractTool, SafetyLevel } from '@toolwright/core';
export class NeedsName extends AbstractTool {
  constructor(name) {
    if (name === undefined) throw new Error('a name is required');
    super({ name, description: 'Named', safety: SafetyLevel.READ_ONLY, inputSchema: { type: 'object', additionalProperties: false } });
  }
  run() { return ''; }
}
`,
    );
    expect(await refusal(needsArguments)).toEqual(
      usageError('needs-arguments.mjs: NeedsName could not be constructed without arguments: a name is required'),
    );
  });

  it('CL-2/CL-4: two instances of one tool class are two tools of one name: refused, or kept for check to report', async () => {
    const specifier = plugin(
      'twice.mjs',
      esm(['lookup'], 'export const first = new Tool_lookup();\nexport const second = new Tool_lookup();'),
    );
    expect(await refusal(specifier)).toEqual(
      usageError("twice.mjs exports 2 tools named 'lookup' (export first, export second); tool names must be unique"),
    );
    const kept = await loadPlugin(specifier, folder, { keepDuplicateNames: true });
    expect(findDuplicateNames(kept)).toEqual([{ name: 'lookup', origins: ['export first', 'export second'] }]);
  });
});
