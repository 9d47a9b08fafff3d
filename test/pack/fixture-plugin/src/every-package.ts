// Not part of the plugin: one import from each installed package, so that tsc checks every
// package's exports map and .d.ts files, and `node dist/every-package.js` loads every package's code.
import { GenericTool, SafetyLevel } from '@toolwright/core';
import { SchemaValidationMode, ToolGate } from '@toolwright/gate';
import { INTEGRATION_SUBPATHS } from '@toolwright/integrations';
import { fromAiSdkTools, toAiSdkTools, toModelOutput } from '@toolwright/integrations/ai-sdk';
import { serveStdio } from '@toolwright/mcp';
import { createRedisApprovalStore } from '@toolwright/redis';
import { LocalShell } from '@toolwright/shell';
import { createFileTools } from '@toolwright/tools';
import { jsonSchema, tool } from 'ai';
import { runCli } from 'toolwright';
import { FindBooksTool } from './index.js';

const gate: ToolGate = new ToolGate({ tools: [new FindBooksTool(), ...createFileTools()] });
// The Redis store is a gate's ApprovalStore, as the installed .d.ts files type them (it connects only on use).
const store = createRedisApprovalStore({ url: 'redis://127.0.0.1:6379' });
const sharing = new ToolGate({ tools: [], approvals: { secret: 'a secret of at least thirty-two bytes!!', store } });
await store.close();

// The AI SDK integration, from the tarball, with the real `ai` package.
const enforcing = new ToolGate({ tools: [new FindBooksTool()], schemaValidation: SchemaValidationMode.ENFORCE });
const aiTools = toAiSdkTools(enforcing);
const findBooks = aiTools.find_books;
const options = { toolCallId: 'pack-1', messages: [] };
const typo = await findBooks?.execute?.({ titel: 'dune' }, options);
const found = await findBooks?.execute?.({ title: 'Messiah' }, options);
const imported = await fromAiSdkTools(
  {
    echo: tool({
      description: 'Echoes the text',
      inputSchema: jsonSchema<{ text: string }>({
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
        additionalProperties: false,
      }),
      execute: ({ text }) => text,
    }),
  },
  { safety: SafetyLevel.READ_ONLY },
);

console.log(
  JSON.stringify({
    core: typeof GenericTool,
    gate: gate instanceof ToolGate,
    mcp: typeof serveStdio,
    redis: sharing instanceof ToolGate && typeof store.consume,
    shell: typeof LocalShell.isAvailable,
    tools: createFileTools().map((tool) => tool.name),
    cli: typeof runCli,
    integrations: INTEGRATION_SUBPATHS,
    aiSdk: {
      tools: Object.keys(aiTools),
      typo: toModelOutput(typo),
      found: toModelOutput(found),
      imported: imported.map((converted) => converted.name),
    },
  }),
);
