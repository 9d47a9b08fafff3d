import { LocalShell, type SandboxSetting } from '@toolwright/shell';
import { createBashTools, createFileTools } from '@toolwright/tools';
import { describeSandbox } from './describe-sandbox.js';
import type { LoadedPlugin } from './loaded-plugin.js';

/** The built-in tools of `@toolwright/tools`: the file tools, and the Bash tools, in `sandbox`, where bash can run. */
export function builtinTools(sandbox: SandboxSetting): LoadedPlugin {
  const shell = LocalShell.isAvailable() ? new LocalShell({ sandbox }) : undefined;
  const bash = createBashTools(shell);
  const tools = [...createFileTools(), ...bash.tools];
  return {
    name: 'builtin',
    tools,
    origins: new Map(tools.map((tool) => [tool, 'builtin'])),
    ...(shell === undefined ? {} : { sandbox: describeSandbox(shell.sandbox, sandbox) }),
    dispose: async () => {
      await bash.session?.dispose();
    },
  };
}
