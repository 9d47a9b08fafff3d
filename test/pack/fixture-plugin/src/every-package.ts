// Not part of the plugin: one import from each installed package, so that tsc checks every
// package's exports map and .d.ts files, and `node dist/every-package.js` loads every package's code.
import { GenericTool } from '@toolwright/core';
import { ToolGate } from '@toolwright/gate';
import { serveStdio } from '@toolwright/mcp';
import { LocalShell } from '@toolwright/shell';
import { createFileTools } from '@toolwright/tools';
import { runCli } from 'toolwright';
import { FindBooksTool } from './index.js';

const gate: ToolGate = new ToolGate({ tools: [new FindBooksTool(), ...createFileTools()] });

console.log(
  JSON.stringify({
    core: typeof GenericTool,
    gate: gate instanceof ToolGate,
    mcp: typeof serveStdio,
    shell: typeof LocalShell.isAvailable,
    tools: createFileTools().map((tool) => tool.name),
    cli: typeof runCli,
  }),
);
