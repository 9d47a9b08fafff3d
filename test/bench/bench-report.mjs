// The figures of one `pnpm bench` run, machine-readably: `pnpm bench --json <file>` writes them,
// `node scripts/benchmarks-md.mjs <file>` turns them into docs/BENCHMARKS.md. Each section adds its
// own figures: `{ data, tables, notes }` — `data` for programs (numbers, with units in the names),
// `tables` ({ title, columns, rows }) and `notes` (sentences) for readers. A section that throws is
// recorded as failed with its message, and the run goes on: no section can crash the bench.
// `--only shell,grep` runs only the named function sections (the gate part at the top of run.mjs
// always runs); with --json and --only, the other sections already in the file are kept.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

/** The machine as the run saw it: the same fields for every section's load. */
export function describeMachine() {
  return {
    node: process.version,
    platform: `${process.platform}/${process.arch}`,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGB: Math.round(totalmem() / 2 ** 30),
  };
}

/** Load averages (1, 5, 15 min) and the cores they share, as of now. */
export function currentLoad() {
  const [one, five, fifteen] = loadavg();
  return { oneMinute: one, fiveMinutes: five, fifteenMinutes: fifteen, cpus: availableParallelism() };
}

/** Parses `--json <file>` and `--only a,b` out of a command line. */
export function benchOptions(argv) {
  const value = (name) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  return {
    json: value('--json'),
    only: value('--only')
      ?.split(',')
      .filter((name) => name !== ''),
  };
}

/** A run's report: sections run through it are timed, load-stamped and caught; `write` saves the JSON. */
export function createBenchReport(argv = process.argv.slice(2)) {
  const options = benchOptions(argv);
  const report = { version: 1, startedAt: new Date().toISOString(), machine: describeMachine(), sections: {} };
  return {
    options,
    selected: (name) => options.only === undefined || options.only.includes(name),
    /** Records figures a section computed itself (the gate part of run.mjs). */
    record(name, figures, extra = {}) {
      report.sections[name] = {
        status: 'ok',
        finishedAt: new Date().toISOString(),
        load: currentLoad(),
        ...extra,
        figures,
      };
    },
    /**
     * Runs `section` (an async function returning figures) unless excluded (`always`: whatever
     * `--only` says, as the gate's sections); a throw is recorded, not raised.
     */
    async run(name, section, { always = false } = {}) {
      if (!always && !this.selected(name)) return;
      const loadBefore = currentLoad();
      const began = performance.now();
      try {
        const figures = (await section()) ?? null;
        this.record(name, figures, { loadBefore, seconds: (performance.now() - began) / 1000 });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        console.log(`\n${name} section failed: ${message}`);
        report.sections[name] = {
          status: 'failed',
          finishedAt: new Date().toISOString(),
          loadBefore,
          load: currentLoad(),
          seconds: (performance.now() - began) / 1000,
          error: message,
        };
      }
    },
    /** Writes the report where `--json` said (merging in the file's other sections after an `--only` run). */
    write() {
      report.finishedAt = new Date().toISOString();
      if (options.json === undefined) return report;
      if (options.only !== undefined && existsSync(options.json)) {
        const earlier = JSON.parse(readFileSync(options.json, 'utf8'));
        report.sections = { ...earlier.sections, ...report.sections };
      }
      writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
      console.log(`\nFigures written to ${options.json}.`);
      return report;
    },
  };
}
