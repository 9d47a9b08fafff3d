import type { RunOptions } from '@toolwright/core';
import type { CallOptions } from '@toolwright/gate';

/** What every call of an integration's tools shares: the working directory and the run options. */
export interface SharedCallSettings {
  readonly cwd?: string;
  readonly runOptions?: Partial<RunOptions>;
}

/** The gate's options for one call a framework runs: the shared settings and the run's abort signal. */
export function callOptionsFor(settings: SharedCallSettings, signal?: AbortSignal): CallOptions {
  return {
    ...(settings.cwd === undefined ? {} : { cwd: settings.cwd }),
    ...(settings.runOptions === undefined ? {} : { runOptions: settings.runOptions }),
    ...(signal === undefined ? {} : { signal }),
  };
}
