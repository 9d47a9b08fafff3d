// How long this process's event loop was held by synchronous work, measured in CPU time so that a
// loaded machine (which delays timers without any work of ours) cannot make the figure grow: a
// timer ticks every few milliseconds and records the CPU time the process used between two ticks.

/** A running watch; `stop()` returns the most CPU time (ms) spent between two turns of the loop. */
export interface LoopWatch {
  stop(): { readonly longestCpuMs: number; readonly longestWallMs: number };
}

/** Starts watching the event loop. */
export function watchLoop(everyMs = 5): LoopWatch {
  let lastCpu = process.cpuUsage();
  let lastWall = performance.now();
  let longestCpuMs = 0;
  let longestWallMs = 0;
  const sample = (): void => {
    const cpu = process.cpuUsage(lastCpu);
    const wall = performance.now();
    longestCpuMs = Math.max(longestCpuMs, (cpu.user + cpu.system) / 1000);
    longestWallMs = Math.max(longestWallMs, wall - lastWall);
    lastCpu = process.cpuUsage();
    lastWall = wall;
  };
  const timer = setInterval(sample, everyMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { longestCpuMs, longestWallMs };
    },
  };
}
