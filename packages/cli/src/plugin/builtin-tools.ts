import { LocalShell } from '@toolwright/shell';
import { createBashTools, createFileTools } from '@toolwright/tools';
import type { LoadedPlugin } from './loaded-plugin.js';

/** The built-in tools of `@toolwright/tools`: the file tools, and the Bash tools where bash can run. */
export function builtinTools(): LoadedPlugin {
  const bash = createBashTools(LocalShell.isAvailable() ? new LocalShell() : undefined);
  const tools = [...createFileTools(), ...bash.tools];
  return {
    name: 'builtin',
    tools,
    origins: new Map(tools.map((tool) => [tool, 'builtin'])),
    dispose: async () => {
      await bash.session?.dispose();
    },
  };
}
