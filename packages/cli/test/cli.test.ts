import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const PLUGIN = 'examples/plugin-orders/dist/index.js';

// Every temporary folder a case makes, removed after the file.
const folders: string[] = [];
const temporaryFolder = (prefix: string): string => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('toolwright (the built binary)', () => {
  it('prints help for every command, and exits 2 for an unknown one', () => {
    for (const command of ['docs', 'check', 'schema', 'call', 'serve', 'rules']) {
      const run = toolwright([command, '--help']);
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Usage: toolwright ${command} `));
    }
    expect(toolwright(['--help']).stdout).toMatch(/^Usage: toolwright <command>/);
    expect(toolwright(['frobnicate'])).toMatchObject({
      status: 2,
      stderr: "toolwright: unknown command 'frobnicate'. Commands: docs, check, schema, call, serve, rules.\n",
    });
  });

  it('CL-1: writes Markdown docs with a parameter table, nested types and an example call; deterministic', () => {
    const first = toolwright(['docs', PLUGIN, '--title', 'Order tools']);
    expect(first.status).toBe(0);
    expect(first.stdout).toContain('# Order tools\n');
    expect(first.stdout).toContain('| `-i` | boolean | no | `false` |  | Ignore case when matching the query |');
    expect(first.stdout).toContain(
      '| `limit` | integer | no | `10` | 1 to 50 | Largest number of orders to return (1-50) |',
    );
    expect(first.stdout).toContain('#### `items[]`');
    expect(first.stdout).toContain('**Safety:** READ_ONLY; runs in parallel');
    expect(first.stdout).toContain('"query": "<query>"');
    expect(toolwright(['docs', PLUGIN, '--title', 'Order tools']).stdout).toBe(first.stdout);
  });

  it('CL-1: --check exits 1 on a stale file and 0 on a fresh one', () => {
    const folder = temporaryFolder('toolwright-docs-');
    const out = join(folder, 'tools.md');
    expect(toolwright(['docs', PLUGIN, '--out', out]).status).toBe(0);
    expect(toolwright(['docs', PLUGIN, '--out', out, '--check']).status).toBe(0);
    writeFileSync(out, `${readFileSync(out, 'utf8')}\nedited by hand\n`);
    const stale = toolwright(['docs', PLUGIN, '--out', out, '--check']);
    expect(stale.status).toBe(1);
    expect(stale.stderr).toBe(`${out} is out of date; run: toolwright docs ${PLUGIN} --out ${out}\n`);
  });

  it('CL-1: --format json is a tools/list-like manifest', () => {
    const manifest = JSON.parse(toolwright(['docs', PLUGIN, '--format', 'json']).stdout) as {
      tools: Record<string, unknown>[];
    };
    expect(manifest.tools.map((tool) => [tool.name, tool.safety, tool.annotations])).toEqual([
      [
        'search_orders',
        'READ_ONLY',
        { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      ],
    ]);
  });

  it('CL-2: check passes a clean plugin and fails an open schema, naming the problems', () => {
    expect(toolwright(['check', PLUGIN])).toMatchObject({ status: 0, stdout: '1 tool checked, no problems.\n' });
    const bad = toolwright(['check', 'packages/cli/test/fixtures/plugins/open-schema.mjs']);
    expect(bad.status).toBe(1);
    expect(bad.stdout).toBe(
      [
        'open_schema: inputSchema# does not say additionalProperties: false, so it accepts keys no field reads',
        "open_schema: parameter 'path' has no description",
        '2 problems in 1 tool.',
        '',
      ].join('\n'),
    );
  });

  it('CL-2: check fails a schema that refers outside its own document (SC-1)', () => {
    expect(toolwright(['check', 'packages/cli/test/fixtures/plugins/remote-ref.mjs'])).toMatchObject({
      status: 1,
      stdout:
        "remote_ref: inputSchema#/properties/target/$ref: $ref must start with '#' (a reference inside the schema), not 'https://example.com/target.json'\n1 problem in 1 tool.\n",
    });
    expect(toolwright(['check', 'builtin'])).toMatchObject({ status: 0, stdout: '9 tools checked, no problems.\n' });
  });

  it('CL-2/TC-8: check finds every open object at any depth, named by its path, records and explicit true included', () => {
    expect(toolwright(['check', 'packages/cli/test/fixtures/open-objects.mjs'])).toEqual({
      status: 1,
      stderr: '',
      stdout: [
        'open_below: inputSchema#/properties/customer does not say additionalProperties: false, so it accepts keys no field reads',
        'open_below: inputSchema#/properties/lines/items says additionalProperties: true, so it accepts keys no field reads; say additionalProperties: false',
        'open_below: inputSchema#/properties/pair/prefixItems/1 does not say additionalProperties: false, so it accepts keys no field reads',
        'open_below: inputSchema#/properties/choice/anyOf/1 does not say additionalProperties: false, so it accepts keys no field reads',
        'open_below: inputSchema#/properties/labels accepts any key (additionalProperties is a schema: a record); list the keys as properties and say additionalProperties: false',
        'open_below: inputSchema#/properties/scores accepts any key that matches a pattern (patternProperties: a record, as Type.Record makes); list the keys as properties and say additionalProperties: false',
        'open_below: inputSchema#/$defs/Address does not say additionalProperties: false, so it accepts keys no field reads',
        '7 problems in 1 tool.',
        '',
      ].join('\n'),
    });
  });

  it('CL-2: check reports two tools of one name; the other commands refuse the module as a usage error', () => {
    const module = 'packages/cli/test/fixtures/duplicate-names.mjs';
    expect(toolwright(['check', module])).toEqual({
      status: 1,
      stderr: '',
      stdout:
        'lookup: 2 tools have this name (export LegacyLookupTool, export LookupTool); tool names must be unique\n1 problem in 3 tools.\n',
    });
    expect(toolwright(['schema', module, 'note'])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright schema: ${module} exports 2 tools named 'lookup' (export LegacyLookupTool, export LookupTool); tool names must be unique\n`,
    });
  });

  it('CL-3: prints a definition per provider', () => {
    const anthropic = JSON.parse(toolwright(['schema', PLUGIN, 'search_orders']).stdout) as Record<string, unknown>;
    expect(Object.keys(anthropic)).toEqual(['name', 'description', 'input_schema']);
    const strict = JSON.parse(
      toolwright(['schema', PLUGIN, 'search_orders', '--provider', 'openai-strict']).stdout,
    ) as {
      function: { strict: boolean; parameters: { required: string[] } };
    };
    expect(strict.function.strict).toBe(true);
    expect(strict.function.parameters.required).toEqual(['query', '-i', 'status', 'customer', 'items', 'limit']);
    expect(toolwright(['schema', PLUGIN, 'nope'])).toMatchObject({
      status: 2,
      stderr: `toolwright schema: ${PLUGIN} has no tool named nope (it has: search_orders)\n`,
    });
  });

  it('CL-4: call builtin Bash is denied without --allow-bash and runs with it; --json has the metadata', () => {
    const denied = toolwright(['call', 'builtin', 'Bash', '{"command":"echo hi"}', '--json']);
    expect(denied.status).toBe(1);
    expect(JSON.parse(denied.stdout)).toMatchObject({
      isError: true,
      content: 'tool requires allowBash=true: Bash; pass --allow-bash to let BASH tools run',
      metadata: { policyDenied: true, truncated: false },
    });
    const allowed = toolwright(['call', 'builtin', 'Bash', '{"command":"echo hi; exit 0"}', '--allow-bash', '--json']);
    expect(allowed.status).toBe(0);
    const result = JSON.parse(allowed.stdout) as {
      isError: boolean;
      content: string;
      metadata: Record<string, unknown>;
    };
    expect(result).toMatchObject({
      isError: false,
      content: 'hi\n',
      metadata: { policyDenied: false, truncated: false, exitCode: 0, timedOut: false },
    });
    expect(typeof result.metadata.durationMs).toBe('number');
  });

  it('CL-4: permission rules, an error result, and usage errors map to exit codes 1 and 2', () => {
    const rule = toolwright([
      'call',
      'builtin',
      'Bash',
      '{"command":"rm -rf /tmp/x"}',
      '--allow-bash',
      '--allow',
      'Bash(git:*)',
    ]);
    expect(rule).toMatchObject({
      status: 1,
      stdout: "Permission denied: the Bash command 'rm -rf /tmp/x' matches no allow rule (Bash(git:*)).\n",
    });
    const failing = toolwright(['call', 'builtin', 'Bash', '{"command":"exit 3"}', '--allow-bash']);
    expect(failing).toMatchObject({ status: 1, stdout: '[exit code: 3]\n' });
    const typo = toolwright(['call', PLUGIN, 'search_orders', '{"qeury":"gift"}', '--schema-mode', 'ENFORCE']);
    expect(typo).toMatchObject({
      status: 1,
      stdout: "Unknown parameter 'qeury'. Did you mean 'query'? The tool was not executed.\n",
    });
    expect(toolwright(['call', 'builtin', 'Bash', '{"command":', '--allow-bash']).status).toBe(2);
    expect(toolwright(['call', 'builtin', 'Bash']).status).toBe(2);
    expect(toolwright(['call', 'no/such/module.js', 'Bash', '{}']).status).toBe(2);
    expect(toolwright(['call', 'builtin', 'Bash', '{}', '--schema-mode', 'LOUD']).stderr).toBe(
      'toolwright call: --schema-mode must be OFF, WARN or ENFORCE, not LOUD\n',
    );
  });

  it('CL-4: --cwd sets where the command runs', () => {
    const folder = temporaryFolder('toolwright-cwd-');
    expect(toolwright(['call', 'builtin', 'Bash', '{"command":"pwd"}', '--allow-bash', '--cwd', folder]).stdout).toBe(
      `${folder}\n`,
    );
  });
});
