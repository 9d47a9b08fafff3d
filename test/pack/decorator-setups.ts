// The same plugin source (test/pack/fixture-setups) built by a user every way the guide lists —
// tsc with legacy decorators with and without emitDecoratorMetadata, tsc with standard decorators,
// esbuild --target=node20, and tsx — in the project that installed the tarballs, and each build
// driven through the installed `toolwright` bin: `docs`, `check`, `call` and `serve` (with the MCP
// SDK's client) must answer the same, byte for byte once the plugin's path is taken out.
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '@toolwright/test-support/paths';
import { expectSuccess, report, runAsync, type Run } from './run-command.js';
import { SETUP_NAMES, SETUPS, type Setup } from './setup-builds.js';

/** A valid call that uses the nested class, the array of it, the recursive tree and a default. */
const VALID_CALL = JSON.stringify({
  query: 'crash',
  '-i': true,
  state: 'all',
  filters: [{ field: 'label', op: 'not', value: 'io' }],
  where: {
    op: 'or',
    children: [
      { op: 'term', term: 'start' },
      { op: 'term', term: 'saving' },
    ],
  },
  page: { size: 5 },
});

/** A call with typos at the top, in an array of a nested class and inside the recursive tree. */
const TYPO_CALL = JSON.stringify({
  query: 'crash',
  sate: 'open',
  filters: [{ feild: 'label' }],
  where: { op: 'or', children: [{ op: 'term', trm: 'x' }] },
});

/** Everything the CLI answered for one set-up, with the plugin's path and the run time taken out. */
interface Answers {
  readonly docs: Run;
  readonly check: Run;
  readonly call: Run;
  readonly defaults: Run;
  readonly typo: Run;
  readonly unknownTool: Run;
  readonly serve: unknown;
}

/** A run without its label (which names the folder), with `plugin` replaced by `<plugin>` and durations blanked. */
function normalize(result: Run, plugin: string): Run {
  const clean = (text: string) =>
    text
      .split(plugin)
      .join('<plugin>')
      .replace(/"durationMs":[0-9.]+/g, '"durationMs":0');
  return { label: '', status: result.status, stdout: clean(result.stdout), stderr: clean(result.stderr) };
}

/** Runs `docs`, `check`, `call` (three ways) and an MCP session against one set-up's plugin. */
async function collectAnswers(folder: string, toolwright: string, plugin: string): Promise<Answers> {
  const cli = async (...args: string[]) => normalize(await runAsync(toolwright, args, folder), plugin);
  const session = await runAsync(process.execPath, ['mcp-session.mjs', toolwright, plugin], folder);
  return {
    docs: await cli('docs', plugin),
    check: await cli('check', plugin),
    call: await cli('call', plugin, 'search_issues', VALID_CALL, '--json'),
    defaults: await cli('call', plugin, 'search_issues', '{"query":"start"}'),
    typo: await cli('call', plugin, 'search_issues', TYPO_CALL),
    unknownTool: await cli('call', plugin, 'search_isues', '{}'),
    serve: JSON.parse(normalize(expectSuccess(session), plugin).stdout) as unknown,
  };
}

/**
 * The set-up tests, run inside the pack test after its one `npm install` (which installed esbuild,
 * tsx and the MCP SDK beside the tarballs): `project` gives that project's folder.
 */
export function describeDecoratorSetups(project: () => string): void {
  describe('one plugin source under every decorator set-up, from the tarballs', () => {
    let folder = '';
    let toolwright = '';
    const builds = new Map<Setup, Run>();
    const answers = new Map<Setup, Answers>();
    const kinds = new Map<Setup, Run>();
    let tsxLoaderDocs: Run | undefined;

    beforeAll(async () => {
      folder = join(project(), 'decorator-setups');
      cpSync(repoPath('test/pack/fixture-setups'), folder, { recursive: true });
      const bin = (name: string) => join(project(), 'node_modules', '.bin', name);
      toolwright = bin('toolwright');
      await Promise.all(
        SETUP_NAMES.map(async (setup) => {
          const [command, ...args] = SETUPS[setup].build ?? [];
          if (command !== undefined) builds.set(setup, await runAsync(bin(command), args, folder, 240_000));
        }),
      );
      await Promise.all(
        SETUP_NAMES.map(async (setup) => {
          if (builds.get(setup)?.status !== 0 && SETUPS[setup].build !== undefined) return;
          const plugin = SETUPS[setup].plugin;
          const loader = setup === 'tsx' ? ['--import', 'tsx'] : [];
          kinds.set(setup, await runAsync(process.execPath, [...loader, 'decorator-kind.mjs', plugin], folder));
          answers.set(setup, await collectAnswers(folder, toolwright, plugin));
        }),
      );
      // The other way a tsx user runs it: tsx as Node's loader, in front of the bin.
      const docs = await runAsync(process.execPath, ['--import', 'tsx', toolwright, 'docs', 'src/index.ts'], folder);
      tsxLoaderDocs = normalize(docs, 'src/index.ts');
    }, 400_000);

    it('AU-1: the same source builds five ways, each output with its own kind of decorator', () => {
      for (const build of builds.values()) expectSuccess(build);
      for (const setup of SETUP_NAMES) {
        const markers = SETUPS[setup].markers;
        if (markers !== undefined) {
          const output = readFileSync(join(folder, markers.file), 'utf8');
          for (const marker of markers.has) expect(output, `${setup} output has ${marker}`).toContain(marker);
          for (const marker of markers.lacks) expect(output, `${setup} output lacks ${marker}`).not.toContain(marker);
        }
      }
      const ran = Object.fromEntries(SETUP_NAMES.map((setup) => [setup, kinds.get(setup)?.stdout.trim()]));
      const runs = SETUP_NAMES.map((setup) => kinds.get(setup) ?? builds.get(setup));
      const reports = runs.map((run) => (run === undefined ? 'did not run' : report(run))).join('\n');
      expect(ran, reports).toEqual(Object.fromEntries(SETUP_NAMES.map((setup) => [setup, SETUPS[setup].kind])));
    });

    it('AU-1, AU-2, AU-4: under every set-up the answers are the right ones (shown for tsc, legacy with metadata)', () => {
      const reference = answers.get('tsc-legacy-metadata');
      if (reference === undefined) throw new Error('the tsc-legacy-metadata build did not run');
      const { docs, check, call, defaults, typo, unknownTool } = reference;
      expect(docs.status, report(docs)).toBe(0);
      expect(docs.stdout).toContain('# issue-tracker-plugin tools\n');
      expect(docs.stdout).toContain('| `state` | string: `open`, `closed`, `all` | no | `"open"` |  | Issue state |');
      expect(docs.stdout).toContain(
        '| `where` | object (QueryNode) | no |  |  | Boolean query tree over title words |',
      );
      expect(docs.stdout).toContain('| `value` | string | yes |  | at least 1 character | Value to compare |');
      expect(docs.stdout).toContain('| `size` | integer | no | `10` | 1 to 50 | Results per page |');
      expect(docs.stdout).toContain(
        '| `children` | array of object (QueryNode) | no |  |  | Child nodes, for and/or |',
      );
      expect(check).toEqual({ label: '', status: 0, stdout: '2 tools checked, no problems.\n', stderr: '' });
      expect(call.status, report(call)).toBe(0);
      expect(JSON.parse(call.stdout)).toEqual({
        isError: false,
        content: '#1 Crash on start [open]',
        metadata: { policyDenied: false, truncated: false, durationMs: 0 },
      });
      expect(defaults).toMatchObject({ status: 0, stdout: '#1 Crash on start [open]\n#4 Slow start [open]\n' });
      expect(typo).toMatchObject({
        status: 1,
        stdout: [
          "Unknown parameter 'sate'. Did you mean 'state'? The tool was not executed.",
          "Parameter 'filters[0].value' is required (string). The tool was not executed.",
          "Unknown parameter 'filters[0].feild'. Did you mean 'filters[0].field'? The tool was not executed.",
          "Unknown parameter 'where.children[0].trm'. Did you mean 'where.children[0].term'? The tool was not executed.",
          '',
        ].join('\n'),
      });
      expect(unknownTool).toMatchObject({
        status: 2,
        stderr:
          'toolwright call: <plugin> has no tool named search_isues; did you mean search_issues? (it has: search_issues, close_issue)\n',
      });
      const serve = reference.serve as { tools: { name: string }[]; found: unknown; typo: unknown; stderr: string };
      expect(serve.tools.map((tool) => tool.name)).toEqual(['search_issues']);
      expect(serve.found).toEqual({ content: [{ type: 'text', text: '#4 Slow start [open]' }] });
      expect(serve.typo).toEqual({
        content: [
          {
            type: 'text',
            text: "Parameter 'filters[0].value' is required (string). The tool was not executed.\nUnknown parameter 'filters[0].feild'. Did you mean 'filters[0].field'? The tool was not executed.",
          },
        ],
        isError: true,
      });
      expect(serve.stderr).toBe(
        'toolwright serve: 1 of 2 tools from <plugin> on stdio: search_issues. Not offered: close_issue (a WRITE tool; pass --allow-write to let it run).\n',
      );
    });

    it('AU-1, AU-2: docs, check, call and serve give identical answers under every set-up', () => {
      const reference = answers.get('tsc-legacy-metadata');
      expect(reference, 'the tsc-legacy-metadata build ran').toBeDefined();
      for (const setup of SETUP_NAMES) expect(answers.get(setup), setup).toEqual(reference);
      expect(tsxLoaderDocs, 'node --import tsx toolwright docs src/index.ts').toEqual(reference?.docs);
    });
  });
}
