// MP-7: our MCP client (`connectMcpServer` from the built @toolwright/mcp, calls through a ToolGate)
// as the official conformance suite's client command: `conformance client --command "node
// client.mjs" --scenario X` starts it with the mock server's URL as the last argument and the
// scenario in MCP_CONFORMANCE_SCENARIO. It runs on the repository's Node (20), not the suite's.
// Exit 0 when the scenario's steps went through; 1 (with the reason on stderr) when one failed.
import { createToolUse } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { connectMcpServer } from '../../packages/mcp/dist/index.js';

/** The tool each scenario calls after connecting (and listing), with its arguments; none for `initialize`. */
const CALLS = {
  initialize: undefined,
  tools_call: { name: 'add_numbers', input: { a: 5, b: 3 } },
  'sse-retry': { name: 'test_reconnection', input: {} },
  // The server asks the user (elicitation/create); the host accepts, leaving the fields to their defaults.
  'elicitation-sep1034-client-defaults': { name: 'test_client_elicitation_defaults', input: {} },
};

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const url = process.argv[process.argv.length - 1];

async function main() {
  if (!Object.hasOwn(CALLS, scenario)) throw new Error(`no such scenario here: '${scenario}'`);
  // `prefix: ''` keeps the server's tool names (no mcp__<server>__ prefix).
  const connection = await connectMcpServer(
    { url },
    { prefix: '', onElicitation: () => ({ action: 'accept', content: {} }) },
  );
  try {
    const call = CALLS[scenario];
    if (call === undefined) return;
    const gate = new ToolGate({ tools: connection.tools, runOptions: { allowWrite: true } });
    const result = await gate.execute(createToolUse('1', call.name, call.input));
    if (result.isError) throw new Error(`${call.name} answered an error: ${result.content}`);
  } finally {
    await connection.close();
  }
}

main().then(
  () => {
    process.exitCode = 0;
  },
  (error) => {
    console.error(`conformance client (${scenario}): ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
