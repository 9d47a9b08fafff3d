import {
  checkBackgroundOptions,
  checkCommand,
  checkExecutionOptions,
  ShellOptionsError,
  ShellStartError,
  type BackgroundOptions,
  type BackgroundProcess,
  type ExecutionOptions,
  type ShellCommandResult,
  type VirtualShell,
} from '@toolwright/shell';
import { notRunResult } from '@toolwright/shell/internal';
import { PoolHost, type PoolHostStatus } from './pool-host.js';
import { SshConnectionError } from './ssh-connection-error.js';
import type { SshShellOptions } from './ssh-shell-options.js';

/** How an {@link SshShellPool} spreads commands. */
export interface SshShellPoolOptions {
  /** The hosts, each as an {@link SshShell} would take it. At least one. */
  readonly hosts: readonly SshShellOptions[];
  /** The most commands running on one host at once; more wait in a queue. Default 4. */
  readonly maxConcurrentPerHost?: number;
  /** How often a host out of rotation is checked (connect, log in, run `exit 0`). Default 30,000 ms. */
  readonly healthCheckIntervalMs?: number;
  /** Connection errors in a row that take a host out (a refused connection, a failed login or an untrusted key take it out at once). Default 3. */
  readonly failuresBeforeRemoval?: number;
}

interface Waiter {
  readonly resolve: (host: PoolHost | undefined) => void;
}

/**
 * A {@link VirtualShell} over several SSH hosts: each command goes to the least busy host in
 * rotation, at most `maxConcurrentPerHost` at once per host (the rest wait in order). A host that
 * refuses connections, fails the login, offers an untrusted key or keeps failing to connect leaves
 * the rotation — the command that met it runs on another host, since nothing ran — and comes back
 * once a periodic health check passes. A background command stays on the host that started it.
 */
export class SshShellPool implements VirtualShell {
  readonly #hosts: PoolHost[];
  readonly #limit: number;
  readonly #failureLimit: number;
  readonly #intervalMs: number;
  readonly #queue: Waiter[] = [];
  readonly #homes = new WeakMap<BackgroundProcess, PoolHost>();
  #timer: ReturnType<typeof setInterval> | undefined;
  #next = 0;

  constructor(options: SshShellPoolOptions) {
    if (options.hosts.length === 0) throw new ShellOptionsError('SshShellPool needs at least one host');
    this.#limit = options.maxConcurrentPerHost ?? 4;
    if (!Number.isSafeInteger(this.#limit) || this.#limit < 1)
      throw new ShellOptionsError(
        `maxConcurrentPerHost must be a positive integer, not ${String(options.maxConcurrentPerHost)}`,
      );
    this.#failureLimit = options.failuresBeforeRemoval ?? 3;
    this.#intervalMs = options.healthCheckIntervalMs ?? 30_000;
    this.#hosts = options.hosts.map((host) => new PoolHost(host));
  }

  /** Each host's load and rotation state, from the pool's own counters. */
  status(): PoolHostStatus[] {
    return this.#hosts.map((host) => host.status());
  }

  /** The `host:port` a background command runs on. */
  hostOf(background: BackgroundProcess): string | undefined {
    return this.#homes.get(background)?.shell.address;
  }

  async execute(command: string, options: ExecutionOptions): Promise<ShellCommandResult> {
    checkExecutionOptions(options);
    // A command no host can take fails here, for this call alone: no host is tried or blamed.
    checkCommand(command);
    const started = performance.now();
    for (;;) {
      const host = await this.#acquire(options.signal);
      if (host === undefined) {
        if (options.signal?.aborted === true) return notRunResult({ aborted: true }, started);
        throw this.#noHost();
      }
      const remaining = options.timeoutMs - (performance.now() - started);
      if (remaining <= 0) {
        this.#release(host, false);
        return notRunResult({ timedOut: true }, started);
      }
      try {
        const result = await host.shell.execute(command, { ...options, timeoutMs: remaining });
        this.#release(host, true);
        return result;
      } catch (error) {
        if (SshConnectionError.isInstance(error)) this.#failed(host, error);
        this.#release(host, false);
        if (!SshConnectionError.isInstance(error)) throw error;
      }
    }
  }

  async startBackground(command: string, options: BackgroundOptions): Promise<BackgroundProcess> {
    checkBackgroundOptions(options);
    checkCommand(command);
    for (;;) {
      const host = this.#pick(false);
      if (host === undefined) throw this.#noHost();
      try {
        const background = await host.shell.startBackground(command, options);
        this.#homes.set(background, host);
        return background;
      } catch (error) {
        if (!SshConnectionError.isInstance(error)) throw error;
        this.#failed(host, error);
      }
    }
  }

  /** Kills every command of the pool still running on any host and closes the connections; stops the health checks. */
  async dispose(): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    for (const waiter of this.#queue.splice(0)) waiter.resolve(undefined);
    await Promise.all(this.#hosts.map((host) => host.shell.dispose()));
  }

  #pick(limited: boolean): PoolHost | undefined {
    let best: PoolHost | undefined;
    for (let offset = 0; offset < this.#hosts.length; offset++) {
      const host = this.#hosts[(this.#next + offset) % this.#hosts.length] as PoolHost;
      if (!host.inRotation || (limited && host.active >= this.#limit)) continue;
      if (best === undefined || host.active < best.active) best = host;
    }
    if (best !== undefined) this.#next = (this.#hosts.indexOf(best) + 1) % this.#hosts.length;
    return best;
  }

  #acquire(signal: AbortSignal | undefined): Promise<PoolHost | undefined> {
    if (signal?.aborted === true || !this.#hosts.some((host) => host.inRotation)) return Promise.resolve(undefined);
    const host = this.#pick(true);
    if (host !== undefined) {
      host.begin();
      return Promise.resolve(host);
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve: (chosen) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(chosen);
        },
      };
      const onAbort = (): void => {
        const index = this.#queue.indexOf(waiter);
        if (index >= 0) this.#queue.splice(index, 1);
        waiter.resolve(undefined);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(waiter);
    });
  }

  #release(host: PoolHost, completed: boolean): void {
    host.finish(completed);
    this.#serveQueue();
  }

  #serveQueue(): void {
    while (this.#queue.length > 0) {
      if (!this.#hosts.some((host) => host.inRotation)) {
        for (const waiter of this.#queue.splice(0)) waiter.resolve(undefined);
        return;
      }
      const host = this.#pick(true);
      if (host === undefined) return;
      host.begin();
      (this.#queue.shift() as Waiter).resolve(host);
    }
  }

  #failed(host: PoolHost, error: SshConnectionError): void {
    if (!host.fail(error.failure, error.message, this.#failureLimit) || !host.inRotation) return;
    host.inRotation = false;
    this.#timer ??= setInterval(() => this.#checkHosts(), this.#intervalMs);
    this.#timer.unref?.();
    this.#serveQueue();
  }

  #checkHosts(): void {
    for (const host of this.#hosts) {
      if (host.inRotation || host.checking) continue;
      host.checking = true;
      host.shell
        .check()
        .then(
          () => {
            host.inRotation = true;
            host.consecutiveFailures = 0;
            host.outBecause = undefined;
            this.#serveQueue();
          },
          (error: unknown) => {
            host.outBecause = error instanceof Error ? error.message : String(error);
          },
        )
        .finally(() => {
          host.checking = false;
          if (this.#hosts.every((each) => each.inRotation)) {
            clearInterval(this.#timer);
            this.#timer = undefined;
          }
        });
    }
  }

  #noHost(): ShellStartError {
    const out = this.#hosts.map((host) => `${host.shell.address} (${host.outBecause ?? 'out of rotation'})`);
    return new ShellStartError(`No host of the pool is in rotation; nothing was run. ${out.join('; ')}`);
  }
}
