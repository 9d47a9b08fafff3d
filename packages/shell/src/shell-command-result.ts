import type { Containment } from './containment.js';
import type { SandboxKind } from './sandbox-policy.js';

/** What a finished command produced (SPEC SH-1). A non-zero exit, a timeout or an abort are values, not exceptions. */
export interface ShellCommandResult {
  /** The command's exit code; `null` when a signal ended it. */
  readonly exitCode: number | null;
  /** The signal that ended the command (`SIGKILL`), or `null`. */
  readonly signal: string | null;
  /** Standard output as text, cut on UTF-8 boundaries when it exceeded the capture cap. */
  readonly stdout: string;
  /** Standard error, likewise. */
  readonly stderr: string;
  /** How many bytes the command wrote to stdout, kept or not. */
  readonly stdoutBytes: number;
  /** How many bytes it wrote to stderr, kept or not. */
  readonly stderrBytes: number;
  /** True when either stream exceeded `maxCaptureBytes` (the middle of the output was dropped). */
  readonly truncated: boolean;
  /** Wall time from start to settle. */
  readonly durationMs: number;
  /** The timeout fired; the tree was terminated; the output is what was captured until then. */
  readonly timedOut: boolean;
  /** The caller's signal aborted; the tree was terminated. */
  readonly aborted: boolean;
  /**
   * How the command's processes were held together, so that all of them died with it (see
   * {@link Containment}); absent when nothing ran (an already-aborted signal) or where the shell
   * does not say.
   */
  readonly containment?: Containment;
  /**
   * The kernel sandbox the command ran in (SPEC SB-4): `'bubblewrap'`, `'seatbelt'`, or `'none'`
   * (explicitly unconfined, or no sandbox on this machine); absent where the shell does not say.
   */
  readonly sandbox?: SandboxKind;
  /**
   * What the sandbox refused, where the command's errors show it, each as a sentence naming the
   * rule (`/etc/hosts is read-only; writable: /work, /tmp`); absent when nothing was refused.
   */
  readonly sandboxRefusals?: readonly string[];
}

/** The exit status a shell would report: the exit code, or 128 + the signal's number. */
export function shellExitStatus(result: Pick<ShellCommandResult, 'exitCode' | 'signal'>): number {
  if (result.exitCode !== null) return result.exitCode;
  const numbers: Record<string, number> = {
    SIGHUP: 1,
    SIGINT: 2,
    SIGQUIT: 3,
    SIGABRT: 6,
    SIGKILL: 9,
    SIGSEGV: 11,
    SIGPIPE: 13,
    SIGALRM: 14,
    SIGTERM: 15,
  };
  return 128 + (numbers[result.signal ?? ''] ?? 0);
}
