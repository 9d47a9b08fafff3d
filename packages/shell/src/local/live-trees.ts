import type { CommandTree } from './command-tree.js';

const live = new Set<CommandTree>();
let installed = false;

/**
 * Remembers the trees that are running, so that when this process exits, or receives SIGINT,
 * SIGTERM or SIGHUP, they are killed first (SPEC SH-3). A signal is then re-raised when nobody
 * else listens for it, so the process still ends as it would have.
 */
export function trackTree(tree: CommandTree): () => void {
  live.add(tree);
  installHandlers();
  return () => live.delete(tree);
}

/** Kills every tracked tree now. */
export function killTrackedTrees(): void {
  for (const tree of live) tree.killNow();
  live.clear();
}

function installHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', killTrackedTrees);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const handler = (): void => {
      killTrackedTrees();
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, handler);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, handler);
  }
}
