// MP-5 at revision 2026-07-28, over HTTP: an ask rule answers the first round with input_required
// (the question, and a signed request state binding the call); the SDK v2 client asks its user and
// retries; the call runs only on a yes, only as shown, and only once.
import { ToolGate } from '@toolwright/gate';
import { Client, StreamableHTTPClientTransport, type ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeployTool } from './test-tools.js';
import { serveHttp, type McpHttpServer } from '../src/server/serve-http.js';

const tool = new DeployTool();
let server: McpHttpServer;

beforeAll(async () => {
  server = await serveHttp(new ToolGate({ tools: [tool], permissions: { ask: ['deploy'] } }));
});

afterAll(async () => {
  await server.close();
});

type Text = { content: { text: string }[]; isError?: boolean };

async function asking(answer: (message: string) => ElicitResult, manual = false) {
  const client = new Client(
    { name: 'asking-client', version: '1' },
    {
      versionNegotiation: { mode: 'auto' },
      capabilities: { elicitation: { form: {} } },
      ...(manual ? { inputRequired: { autoFulfill: false } } : {}),
    },
  );
  const questions: string[] = [];
  client.setRequestHandler('elicitation/create', (request) => {
    questions.push(request.params.message);
    return answer(request.params.message);
  });
  await client.connect(new StreamableHTTPClientTransport(server.url));
  return { client, questions };
}

describe("asking the client's user at 2026-07-28", () => {
  it('MP-5: the client is asked through input_required; a yes runs exactly that call', async () => {
    const before = tool.runs.length;
    const { client, questions } = await asking(() => ({ action: 'accept', content: { approve: true } }));
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      const result = (await client.callTool({ name: 'deploy', arguments: { service: 'web' } })) as Text;
      expect([result.isError, result.content[0]?.text]).toEqual([undefined, 'deployed web']);
      expect(questions).toEqual([
        [
          'Allow the tool deploy to run? The rule deploy asks for your approval.',
          'Input: {"service":"web"}',
          `Working directory: ${process.cwd()}`,
        ].join('\n'),
      ]);
      expect(tool.runs.slice(before)).toEqual([{ service: 'web' }]);
    } finally {
      await client.close();
    }
  });

  it('MP-5: a decline denies, saying so, and nothing runs', async () => {
    const before = tool.runs.length;
    const { client } = await asking(() => ({ action: 'decline' }));
    try {
      const result = (await client.callTool({ name: 'deploy', arguments: { service: 'web' } })) as Text;
      expect([result.isError, result.content[0]?.text]).toEqual([
        true,
        "Permission denied: this deploy call was not approved (deploy): the client's user declined it.",
      ]);
      expect(tool.runs.length).toBe(before);
    } finally {
      await client.close();
    }
  });

  it('MP-5: a yes is for the call shown, once: other arguments, a replay and a forged state are refused', async () => {
    const before = tool.runs.length;
    const { client } = await asking(() => ({ action: 'accept', content: { approve: true } }), true);
    try {
      const first = (await client.callTool(
        { name: 'deploy', arguments: { service: 'web' } },
        { allowInputRequired: true },
      )) as unknown as { resultType?: string; requestState?: string };
      expect(first.resultType).toBe('input_required');
      const state = first.requestState!;
      const yes = { approve: { action: 'accept', content: { approve: true } } };
      const retry = async (service: string, requestState: string) =>
        (await client.request({
          method: 'tools/call',
          params: { name: 'deploy', arguments: { service }, inputResponses: yes, requestState },
        })) as Text;
      const swapped = await retry('db', state);
      expect(swapped.content[0]?.text).toBe(
        "Permission denied: this deploy call was not approved (deploy): the call differs from the one the client's user was shown.",
      );
      const forged = await retry('web', `${state.slice(0, -2)}xx`);
      expect(forged.content[0]?.text).toBe(
        "Permission denied: this deploy call was not approved (deploy): the answer from the client's user came with a question this server did not ask.",
      );
      expect((await retry('web', state)).content[0]?.text).toBe('deployed web');
      expect((await retry('web', state)).content[0]?.text).toBe(
        "Permission denied: this deploy call was not approved (deploy): the answer from the client's user was used already.",
      );
      expect(tool.runs.slice(before)).toEqual([{ service: 'web' }]);
    } finally {
      await client.close();
    }
  });

  it('MP-5: a 2026-07-28 client that cannot be asked is denied as before', async () => {
    const client = new Client({ name: 'plain', version: '1' }, { versionNegotiation: { mode: 'auto' } });
    await client.connect(new StreamableHTTPClientTransport(server.url));
    try {
      const result = (await client.callTool({ name: 'deploy', arguments: { service: 'web' } })) as Text;
      expect(result.content[0]?.text).toBe(
        'Permission denied: this deploy call needs approval (deploy), and no approver is configured.',
      );
    } finally {
      await client.close();
    }
  });
});
