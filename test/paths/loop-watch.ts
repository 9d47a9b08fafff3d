// How long this process's event loop was held by synchronous work. A timer ticks every few
// milliseconds; between two ticks it takes the smaller of the wall time that passed and the CPU
// time the process used. A loaded machine stretches the wall time (timers run late, with no work
// of ours), and the garbage collector's helper threads add CPU time beside the main thread; the
// smaller of the two grows with neither, only with the main thread's own work.

/** A running watch; `stop()` returns the longest time (ms) the loop was held between two turns. */
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
    const cpuMs = (cpu.user + cpu.system) / 1000;
    const wallMs = wall - lastWall;
    longestCpuMs = Math.max(longestCpuMs, Math.min(cpuMs, wallMs));
    longestWallMs = Math.max(longestWallMs, wallMs);
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
