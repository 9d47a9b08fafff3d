import { createToolUse, parseToolUse, SafetyLevel, ToolInput, ToolResult, type ToolLogger } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { commandTool, rawTool, ScriptedTool, SearchTool } from '../test/test-tools.js';
import type { ToolPolicy } from './policy/tool-policy.js';
import type { AuditEvent } from './execution/audit-event.js';
import { toAnthropicToolResult } from './providers/anthropic.js';
import { ToolGate } from './tool-gate.js';

const use = (name: string, input: unknown, id = 'call_1') => createToolUse(id, name, input);

function recordingLogger(): ToolLogger & { warnings: string[] } {
  const warnings: string[] = [];
  const ignore = (): void => undefined;
  return {
    warnings,
    debug: ignore,
    info: ignore,
    error: ignore,
    warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields)}`),
  };
}

describe('ToolGate: validation', () => {
  it('GV-2/GV-4: ENFORCE answers in the exact sentences, nested paths included, and does not run the tool', async () => {
    const search = new SearchTool();
    const gate = new ToolGate({ tools: [search], schemaValidation: 'ENFORCE' });
    const result = await gate.execute(
      use('search', { qeury: 'x', limit: 'ten', filters: [{ field: 'a', operator: 'gt' }, {}] }),
    );
    expect(result.isError).toBe(true);
    expect(result.content.split('\n')).toEqual([
      "Unknown parameter 'qeury'. Did you mean 'query'? The tool was not executed.",
      "Parameter 'limit' must be an integer. The tool was not executed.",
      "Parameter 'filters[0].operator' must be one of [eq, ne], but was 'gt'. The tool was not executed.",
      "Parameter 'filters[1].field' is required (string). The tool was not executed.",
    ]);
    expect(search.runs).toBe(0);
  });

  it('GV-4: WARN (the default) logs the violations, audits them, and runs the tool', async () => {
    const tool = new ScriptedTool({
      name: 'loose',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false },
    });
    const logger = recordingLogger();
    const events: AuditEvent[] = [];
    const gate = new ToolGate({ tools: [tool], logger, onAudit: (event) => events.push(event) });
    const result = await gate.execute(use('loose', { n: 'one' }));
    expect(result.content).toBe('done');
    expect(tool.runs).toBe(1);
    expect(logger.warnings).toEqual([
      'Schema violations in a call to loose (WARN mode: the tool runs anyway) {"tool":"loose","violations":["Parameter \'n\' must be an integer. The tool was not executed."]}',
    ]);
    expect(events.map((event) => [event.stage, event.decision])).toEqual([
      ['validation', 'warn'],
      ['execution', 'ok'],
    ]);
  });

  it('GV-4: OFF does not look at the arguments', async () => {
    const tool = new ScriptedTool({
      name: 'loose',
      inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, additionalProperties: false },
    });
    const logger = recordingLogger();
    const gate = new ToolGate({ tools: [tool], logger, schemaValidation: 'OFF' });
    expect((await gate.execute(use('loose', { n: 'one', extra: 1 }))).content).toBe('done');
    expect(logger.warnings).toEqual([]);
  });

  it('GV-1/TC-1: a null counts as missing', async () => {
    const gate = new ToolGate({ tools: [new SearchTool()], schemaValidation: 'ENFORCE' });
    expect((await gate.execute(parseToolUse('c', 'search', '{"query":null}'))).content).toBe(
      "Parameter 'query' is required (string). The tool was not executed.",
    );
  });

  it('GV-3: foreign constructs pass; their siblings are still checked', async () => {
    const foreign = new ScriptedTool({
      name: 'foreign',
      inputSchema: {
        type: 'object',
        properties: {
          upload: { type: 'file', 'x-widget': 'picker' },
          code: { type: 'string', pattern: '^(?=.*[A-Z]).+$' },
          remote: { $ref: 'https://example.com/schema.json' },
          dangling: { $ref: '#/$defs/missing' },
          size: { type: 'integer', maximum: 3 },
          name: { type: 'string' },
        },
        required: ['name'],
        additionalProperties: false,
      },
    });
    const gate = new ToolGate({ tools: [foreign], schemaValidation: 'ENFORCE' });
    const ok = await gate.execute(
      use('foreign', { upload: 42, code: 'lowercase', remote: [1], dangling: {}, size: 99, name: 'n' }),
    );
    expect(ok).toMatchObject({ content: 'done', isError: false });
    const refused = await gate.execute(use('foreign', { upload: 'x', nmae: 'n' }));
    expect(refused.content.split('\n')).toEqual([
      "Unknown parameter 'nmae'. Did you mean 'name'? The tool was not executed.",
    ]);
  });

  it('GV-5: arguments nested deeper than 64 levels or over 1 MB are refused before validation, in every mode', async () => {
    const tool = new ScriptedTool({ name: 'anything' });
    const gate = new ToolGate({ tools: [tool], schemaValidation: 'OFF' });
    let deep: unknown = 'leaf';
    for (let level = 0; level < 70; level++) deep = { level: deep };
    expect((await gate.execute(use('anything', { deep }))).content).toBe(
      'The arguments are nested 71 levels deep; at most 64 are accepted. The tool was not executed.',
    );
    const big = { text: 'x'.repeat(1_048_576) };
    expect((await gate.execute(use('anything', big))).content).toBe(
      'The arguments are 1048587 bytes of JSON; at most 1048576 are accepted. The tool was not executed.',
    );
    expect(tool.runs).toBe(0);
  });

  it('GV-5: a schema whose validator throws while it is built yields an error result in ENFORCE, never a crash or a pass', async () => {
    const hostileSchema = new Proxy(
      {},
      {
        ownKeys() {
          throw new RangeError('Maximum call stack size exceeded');
        },
      },
    );
    const tool = rawTool('hostile', () => Promise.resolve(ToolResult.ok('ran')), { inputSchema: hostileSchema });
    const result = await new ToolGate({ tools: [tool], schemaValidation: 'ENFORCE' }).execute(use('hostile', {}));
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      "The arguments could not be checked because this tool's input schema cannot be compiled. The tool was not executed.",
    );
  });
});

describe('ToolGate: permissions and policies', () => {
  const bash = () => commandTool('Bash');

  it('PM-6: a denied call with a schema-violating input reports the denial only', async () => {
    const gate = new ToolGate({
      tools: [bash()],
      permissions: { allow: ['Bash(git:*)'] },
      runOptions: { allowBash: true },
      schemaValidation: 'ENFORCE',
    });
    const result = await gate.execute(use('Bash', { command: 'rm -rf /', comand: 'typo' }));
    expect(result).toMatchObject({
      content: "Permission denied: the Bash command 'rm -rf /' matches no allow rule (Bash(git:*)).",
      isError: true,
      metadata: { policyDenied: true },
    });
  });

  it('PO-2: WRITE needs allowWrite and BASH needs allowBash, with the exact messages; the registry offers the same', async () => {
    const write = new ScriptedTool({ name: 'Write', safety: SafetyLevel.WRITE });
    const gate = new ToolGate({ tools: [new SearchTool(), write, bash()] });
    expect(await gate.execute(use('Write', {}))).toMatchObject({
      content: 'tool requires allowWrite=true: Write',
      isError: true,
      metadata: { policyDenied: true },
    });
    expect((await gate.execute(use('Bash', { command: 'ls' }))).content).toBe('tool requires allowBash=true: Bash');
    expect(gate.offeredTools().map((tool) => tool.name)).toEqual(['search']);
    expect(gate.offeredTools({ allowWrite: true, allowBash: true }).map((tool) => tool.name)).toEqual([
      'search',
      'Write',
      'Bash',
    ]);
    expect((await gate.execute(use('Write', {}), { runOptions: { allowWrite: true } })).content).toBe('done');
  });

  it('PO-1: a policy may refuse before the permission check; a refused call is not executed and after is not called', async () => {
    const calls: string[] = [];
    const policy: ToolPolicy = {
      name: 'business-hours',
      before: (tool) => {
        calls.push(`before ${tool.name}`);
        return tool.name === 'closed' ? { allowed: false, reason: 'closed outside business hours' } : { allowed: true };
      },
      after: (tool, _input, result) => {
        calls.push(`after ${tool.name}`);
        return ToolResult.ok(`${result.content} (checked)`, { metadata: result.metadata });
      },
    };
    const open = new ScriptedTool({ name: 'open' });
    const closed = new ScriptedTool({ name: 'closed' });
    const gate = new ToolGate({
      tools: [open, closed],
      policies: [policy],
      permissions: { allow: ['open', 'closed'] },
    });
    expect(await gate.execute(use('closed', {}))).toMatchObject({
      content: 'closed outside business hours',
      metadata: { policyDenied: true },
    });
    expect(closed.runs).toBe(0);
    expect((await gate.execute(use('open', {}))).content).toBe('done (checked)');
    expect(calls).toEqual(['before closed', 'before open', 'after open']);
  });

  it('PO-1/CO-1: a policy that rewrites the text of a result of parts rewrites what every wire gets', async () => {
    const redact: ToolPolicy = {
      name: 'redact',
      after: (_tool, _input, result) =>
        ToolResult.derive(result, { content: result.content.replace(/token=\S+/, 'token=[redacted]') }),
    };
    const screenshot = new ScriptedTool({ name: 'screenshot' }, () =>
      ToolResult.ok([
        { type: 'text', text: 'Logged in with token=hunter2' },
        { type: 'image', data: 'AAAA', mimeType: 'image/png' },
      ]),
    );
    const result = await new ToolGate({ tools: [screenshot], policies: [redact] }).execute(use('screenshot', {}));
    expect([result.content, result.parts]).toEqual([
      'Logged in with token=[redacted]\n[image: image/png, 3 bytes]',
      undefined,
    ]);
    expect(JSON.stringify(toAnthropicToolResult('c', result))).not.toContain('hunter2');
  });

  it('PM-1: a configuration with an uninterpretable rule is refused when the gate is created', () => {
    expect(() => new ToolGate({ tools: [bash()], permissions: { allow: ['Bash(git:* x)'] } })).toThrow(
      'The permission configuration was refused as a whole',
    );
  });
});

describe('ToolGate: lookup and execution', () => {
  it('names the available tools for an unknown one, with a did-you-mean for a near miss among them; strips a functions. prefix', async () => {
    const gate = new ToolGate({
      tools: [new SearchTool(), new ScriptedTool({ name: 'Write', safety: SafetyLevel.WRITE })],
    });
    expect(await gate.execute(use('serch', {}))).toMatchObject({
      content: "Unknown tool 'serch'. Did you mean 'search'? Available tools: search.",
      isError: true,
    });
    // Write is not offered (no allowWrite), so it is never suggested.
    expect((await gate.execute(use('write', {}))).content).toBe("Unknown tool 'write'. Available tools: search.");
    expect((await gate.execute(use('functions.search', { query: 'q' }))).content).toBe('q (limit 10)');
  });

  it('TC-2: arguments that could not be read become an error result; the turn goes on', async () => {
    const gate = new ToolGate({ tools: [new SearchTool()] });
    const result = await gate.execute(parseToolUse('c', 'search', '{"query": '));
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(
      /^Arguments for tool 'search' are not valid JSON \(.+\)\. Send the arguments as one JSON object\.$/,
    );
  });

  it('PO-4: a tool that never settles is cut off by the gate timeout; its signal is aborted', async () => {
    let signal: AbortSignal | undefined;
    const stuck = new ScriptedTool({ name: 'stuck' }, (_input, context) => {
      signal = context.signal;
      return new Promise(() => undefined);
    });
    const gate = new ToolGate({ tools: [stuck], toolTimeoutsMs: { stuck: 50 } });
    const started = Date.now();
    const result = await gate.execute(use('stuck', {}));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result).toMatchObject({
      content: "Tool 'stuck' did not finish within 50ms and was abandoned.",
      isError: true,
      metadata: { timedOut: true },
    });
    expect(signal?.aborted).toBe(true);
  });

  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', '__defineGetter__'])(
    'PO-4: a tool named %s gets the gate timeout, not an Object built-in, from toolTimeoutsMs',
    async (name) => {
      const tool = new ScriptedTool({ name }, () => 'ran');
      const gate = new ToolGate({ tools: [tool], toolTimeoutsMs: { Bash: 5_000 } });
      expect(await gate.execute(use(name, {}))).toMatchObject({ content: 'ran', isError: false });
      const stuck = new ScriptedTool({ name }, () => new Promise(() => undefined));
      const limited = new ToolGate({
        tools: [stuck],
        toolTimeoutsMs: JSON.parse(`{"${name}": 30}`) as Record<string, number>,
      });
      expect(await limited.execute(use(name, {}))).toMatchObject({
        content: `Tool '${name}' did not finish within 30ms and was abandoned.`,
        metadata: { timedOut: true },
      });
    },
  );

  it('PO-4: timeouts a timer cannot keep are refused when the gate is made', () => {
    const tools = [new SearchTool()];
    expect(() => new ToolGate({ tools, timeoutMs: 0 })).toThrow(
      'timeoutMs must be a whole number of milliseconds from 1 to 2,147,483,647, not 0.',
    );
    expect(() => new ToolGate({ tools, timeoutMs: 2 ** 31 })).toThrow(
      'timeoutMs must be a whole number of milliseconds from 1 to 2,147,483,647, not 2147483648.',
    );
    expect(() => new ToolGate({ tools, toolTimeoutsMs: { search: Number.NaN } })).toThrow(
      "toolTimeoutsMs['search'] must be a whole number of milliseconds from 1 to 2,147,483,647, not NaN.",
    );
  });

  it('PO-4: a call the host cancels is abandoned at once; its signal is aborted', async () => {
    let signal: AbortSignal | undefined;
    const stuck = new ScriptedTool({ name: 'stuck' }, (_input, context) => {
      signal = context.signal;
      return new Promise(() => undefined);
    });
    const host = new AbortController();
    const pending = new ToolGate({ tools: [stuck] }).execute(use('stuck', {}), { signal: host.signal });
    setTimeout(() => host.abort(new Error('user pressed stop')), 10);
    expect(await pending).toMatchObject({
      content: "Tool 'stuck' was cancelled.",
      isError: true,
      metadata: { cancelled: true },
    });
    expect(signal?.aborted).toBe(true);
  });

  it.each([
    [
      'throws a string',
      () => {
        throw 'plain string';
      },
      "Tool 'raw' failed: plain string",
    ],
    [
      'throws undefined',
      () => {
        throw undefined;
      },
      "Tool 'raw' failed: undefined",
    ],
    ['rejects with an Error', () => Promise.reject(new Error('went wrong')), "Tool 'raw' failed: went wrong"],
    [
      'resolves to something that is not a result',
      () => Promise.resolve(42 as unknown as ToolResult),
      "Tool 'raw' returned something that is not a tool result.",
    ],
  ])('PO-4: a tool that %s becomes an error result', async (_label, execute, content) => {
    const gate = new ToolGate({ tools: [rawTool('raw', execute as () => Promise<ToolResult>)] });
    expect(await gate.execute(use('raw', {}))).toMatchObject({ content, isError: true });
  });

  it('SB-5: a result whose sandbox refused something adds one sandbox audit event, with what it refused', async () => {
    const events: AuditEvent[] = [];
    const refusing = new ScriptedTool({ name: 'refusing' }, () =>
      ToolResult.error('bash: line 1: /etc/x: Read-only file system', {
        metadata: {
          sandboxRefusals: ['/etc/x is read-only; writable: /work, /tmp', '/work/.env is unreadable: a secret'],
        },
      }),
    );
    const quiet = new ScriptedTool({ name: 'quiet' }, () =>
      ToolResult.ok('fine', { metadata: { sandboxRefusals: [] } }),
    );
    const gate = new ToolGate({ tools: [refusing, quiet], onAudit: (event) => events.push(event) });
    await gate.execute(use('refusing', {}, 'call_s'));
    await gate.execute(use('quiet', {}, 'call_q'));
    expect(
      events
        .filter((event) => event.stage === 'execution' || event.stage === 'sandbox')
        .map(({ durationMs: _d, ...rest }) => rest),
    ).toEqual([
      {
        callId: 'call_s',
        tool: 'refusing',
        stage: 'execution',
        decision: 'error',
        outcome: { kind: 'failed', by: 'tool' },
      },
      {
        callId: 'call_s',
        tool: 'refusing',
        stage: 'sandbox',
        decision: 'deny',
        reason: '/etc/x is read-only; writable: /work, /tmp; /work/.env is unreadable: a secret',
      },
      { callId: 'call_q', tool: 'quiet', stage: 'execution', decision: 'ok', outcome: { kind: 'ran' } },
    ]);
  });

  it('PO-5: one audit event per decision, without argument values unless asked', async () => {
    const events: AuditEvent[] = [];
    const gate = new ToolGate({
      tools: [new SearchTool()],
      permissions: { allow: ['search'] },
      onAudit: (event) => events.push(event),
    });
    await gate.execute(use('search', { query: 'secret' }, 'call_9'));
    expect(events.map(({ durationMs, ...rest }) => (expect(durationMs).toBeGreaterThanOrEqual(0), rest))).toEqual([
      {
        callId: 'call_9',
        tool: 'search',
        stage: 'permission',
        decision: 'allow',
        rule: 'search',
        reason: 'Allowed by search.',
      },
      { callId: 'call_9', tool: 'search', stage: 'execution', decision: 'ok', outcome: { kind: 'ran' } },
    ]);
    const withArguments: AuditEvent[] = [];
    await new ToolGate({
      tools: [new SearchTool()],
      auditArguments: true,
      onAudit: (event) => withArguments.push(event),
    }).execute(use('search', { query: 'secret' }));
    expect(withArguments[0]?.input).toEqual({ query: 'secret' });
  });

  it('PO-5: without auditArguments, neither audit reasons nor WARN logs carry argument text (parser quotes, enum echoes)', async () => {
    const events: AuditEvent[] = [];
    const logger = recordingLogger();
    const options = { tools: [new SearchTool()], onAudit: (event: AuditEvent) => events.push(event), logger };
    const enforce = new ToolGate({ ...options, schemaValidation: 'ENFORCE' });
    const warn = new ToolGate({ ...options, schemaValidation: 'WARN' });
    const secretCall = '{"query": hunter2-secret}';
    const malformed = await enforce.execute(parseToolUse('c1', 'search', secretCall));
    expect(malformed.content).toContain('hunter2'); // the model reads its own text back
    const badEnum = { query: 'q', filters: [{ field: 'f', operator: 'token-XYZZY' }] };
    await enforce.execute(use('search', badEnum, 'c2'));
    await warn.execute(use('search', badEnum, 'c3'));
    expect(events.map((event) => [event.callId, event.stage, event.reason])).toEqual([
      ['c1', 'arguments', "Arguments for tool 'search' are not valid JSON."],
      ['c2', 'validation', "Parameter 'filters[0].operator' must be one of [eq, ne]. The tool was not executed."],
      ['c3', 'validation', "Parameter 'filters[0].operator' must be one of [eq, ne]. The tool was not executed."],
      ['c3', 'execution', undefined],
    ]);
    expect(JSON.stringify(events)).not.toMatch(/hunter2|XYZZY/);
    expect(logger.warnings.join('\n')).not.toContain('XYZZY');
    const asked: AuditEvent[] = [];
    await new ToolGate({
      ...options,
      schemaValidation: 'ENFORCE',
      auditArguments: true,
      onAudit: (event) => asked.push(event),
    }).execute(parseToolUse('c4', 'search', secretCall));
    expect(asked[0]?.reason).toContain('hunter2');
  });

  it('PO-5: a listener that throws does not change the outcome', async () => {
    const gate = new ToolGate({
      tools: [new SearchTool()],
      onAudit: () => {
        throw new Error('listener down');
      },
    });
    expect((await gate.execute(use('search', { query: 'q' }))).content).toBe('q (limit 10)');
  });

  it('TC-4: the gate records how long each call took', async () => {
    const result = await new ToolGate({ tools: [new SearchTool()] }).execute(use('search', { query: 'q' }));
    expect(typeof result.metadata.durationMs).toBe('number');
  });

  it('TC-3: a call on a plain object input still goes through', async () => {
    const gate = new ToolGate({ tools: [new SearchTool()] });
    const result = await gate.execute({ id: 'c', name: 'search', input: { query: 'plain' } } as unknown as ReturnType<
      typeof use
    >);
    expect(result.content).toBe('plain (limit 10)');
    expect(ToolInput.isInstance(use('search', {}).input)).toBe(true);
  });
});
