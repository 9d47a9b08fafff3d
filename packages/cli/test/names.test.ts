// Names that are also members of every JavaScript object, used wherever the command line looks a
// name up: each is a usage error (exit 2, one line), never Object's own member and never a crash.
import { runCli, type CliIo } from 'toolwright';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@toolwright/test-support/paths';
import { toolwright } from '@toolwright/test-support/run-toolwright';

const PLUGIN = 'examples/plugin-orders/dist/index.js';
const BUILT_IN_NAMES = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'];

/** Runs the command line in this process, with its output captured. */
async function run(argv: readonly string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { cwd: ROOT, stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) };
  const status = await runCli(argv, io);
  return { status, stdout, stderr };
}

describe('object built-ins as names', () => {
  it.each(BUILT_IN_NAMES)('PO-4/CL-4: %s as a command is an unknown command', async (name) => {
    expect(await run([name])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright: unknown command '${name}'. Commands: docs, check, schema, call, serve, rules.\n`,
    });
  });

  it.each(BUILT_IN_NAMES)('PO-4/CL-3: %s as a provider or a tool name is a usage error', async (name) => {
    expect(await run(['schema', PLUGIN, 'search_orders', '--provider', name])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright schema: --provider must be one of anthropic, openai, openai-strict, mcp, not ${name}\n`,
    });
    expect(await run(['schema', PLUGIN, name])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright schema: ${PLUGIN} has no tool named ${name} (it has: search_orders)\n`,
    });
  });

  it.each(BUILT_IN_NAMES)('PO-4/CL-4: %s as a tool, a format or a mode is a usage error', async (name) => {
    expect(await run(['call', PLUGIN, name, '{}'])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: ${PLUGIN} has no tool named ${name} (it has: search_orders)\n`,
    });
    expect(await run(['call', PLUGIN, 'search_orders', '{}', '--schema-mode', name])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright call: --schema-mode must be OFF, WARN or ENFORCE, not ${name}\n`,
    });
    expect(await run(['serve', PLUGIN, '--schema-mode', name])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright serve: --schema-mode must be OFF, WARN or ENFORCE, not ${name}\n`,
    });
    expect(await run(['docs', PLUGIN, '--format', name])).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright docs: --format must be markdown or json, not ${name}\n`,
    });
  });

  it('PO-4/CL-4: the built binary answers `toolwright constructor` with one line and exit code 2', () => {
    expect(toolwright(['constructor'])).toEqual({
      status: 2,
      stdout: '',
      stderr: "toolwright: unknown command 'constructor'. Commands: docs, check, schema, call, serve, rules.\n",
    });
  });
});
