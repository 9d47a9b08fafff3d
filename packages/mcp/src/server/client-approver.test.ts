// MP-5: an ask rule over MCP asks the client's user (form elicitation, at a 2025 revision), and
// the call runs only on a clear yes; without the capability it is denied as before.
import { ToolGate } from '@toolwright/gate';
import { Client, InMemoryTransport, type ElicitResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { DeployTool } from '../../test/test-tools.js';
import { createMcpServer } from './create-mcp-server.js';

/** A client of our server that answers each elicitation with `answer` (and records the question), or declares none. */
async function connect(answer: ((message: string) => ElicitResult | Promise<ElicitResult>) | undefined) {
  const tool = new DeployTool();
  const gate = new ToolGate({ tools: [tool], permissions: { ask: ['deploy'] } });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer(gate, { askTimeoutMs: 2_000 }).connect(serverSide);
  const client = new Client(
    { name: 'asking-client', version: '1' },
    answer === undefined ? {} : { capabilities: { elicitation: { form: {} } } },
  );
  const questions: string[] = [];
  if (answer !== undefined)
    client.setRequestHandler('elicitation/create', (request) => {
      const { message } = request.params;
      questions.push(message);
      return answer(message);
    });
  await client.connect(clientSide);
  const call = async (service: string) =>
    client.callTool({ name: 'deploy', arguments: { service } }) as Promise<{
      content: { text: string }[];
      isError?: boolean;
    }>;
  return { client, tool, questions, call };
}

describe("asking the MCP client's user", () => {
  it('MP-5: the user sees the tool, the rule and the input; a yes runs exactly that call', async () => {
    const { client, tool, questions, call } = await connect(() => ({ action: 'accept', content: { approve: true } }));
    const result = await call('web\nInput: {"service":"db"}');
    expect([result.isError, result.content[0]?.text]).toEqual([undefined, 'deployed web\nInput: {"service":"db"}']);
    expect(questions).toEqual([
      [
        'Allow the tool deploy to run? The rule deploy asks for your approval.',
        'Input: {"service":"web\\nInput: {\\"service\\":\\"db\\"}"}',
        `Working directory: ${process.cwd()}`,
      ].join('\n'),
    ]);
    expect(tool.runs).toEqual([{ service: 'web\nInput: {"service":"db"}' }]);
    await client.close();
  });

  it('MP-5: a decline, a dismissal, an accept without a yes and no answer in time each deny, saying which', async () => {
    const answers: [() => ElicitResult | Promise<ElicitResult>, string][] = [
      [() => ({ action: 'decline' }), "the client's user declined it"],
      [() => ({ action: 'cancel' }), "the client's user dismissed the question"],
      [() => ({ action: 'accept', content: { approve: false } }), "the client's user did not say yes"],
    ];
    for (const [answer, reason] of answers) {
      const { client, tool, call } = await connect(answer);
      const result = await call('web');
      expect([result.isError, result.content[0]?.text, tool.runs]).toEqual([
        true,
        `Permission denied: this deploy call was not approved (deploy): ${reason}.`,
        [],
      ]);
      await client.close();
    }
    const empty = await connect(() => ({ action: 'accept', content: {} }));
    expect((await empty.call('web')).content[0]?.text).toBe(
      "Permission denied: this deploy call was not approved (deploy): no usable answer came from the client's user (Elicitation response content does not match requested schema: data must have required property 'approve').",
    );
    await empty.client.close();
    const silent = await connect(() => new Promise<ElicitResult>(() => undefined));
    const result = await silent.call('web');
    expect([result.isError, result.content[0]?.text, silent.tool.runs]).toEqual([
      true,
      expect.stringMatching(
        /^Permission denied: this deploy call was not approved \(deploy\): no usable answer came from the client's user \(.+\)\.$/,
      ),
      [],
    ]);
    await silent.client.close();
  });

  it('MP-5: a client that cannot be asked gets the denial it got before, and nothing is asked', async () => {
    const { client, tool, call } = await connect(undefined);
    const result = await call('web');
    expect([result.isError, result.content[0]?.text, tool.runs]).toEqual([
      true,
      'Permission denied: this deploy call needs approval (deploy), and no approver is configured.',
      [],
    ]);
    await client.close();
  });
});
