// The remote supervisor: a bash script (bash and coreutils only, nothing installed on the host) sent
// as the exec request of each command's SSH session. It starts a watcher in a session of its own,
// then becomes the command — in a PID namespace where the host allows, else in the session sshd made
// for it. The watcher reads the session's stdin: end of input (the client ended the call, or the
// connection is gone), the remote deadline, or the command's own end make it kill the whole tree —
// every process in the command's session or process group or carrying the run's marker, SIGTERM
// then SIGKILL after the grace period — and it exits only once none is left.
import { ShellOptionsError } from '@toolwright/shell';
import type { RemoteContainment } from './remote-containment.js';

/** The exit status the supervisor uses when the working directory is missing (with the nonce on stderr). */
export const NO_WORKING_DIRECTORY_STATUS = 97;

/** The environment variable that marks every process of one remote command. */
export const REMOTE_RUN_MARKER = 'TOOLWRIGHT_SHELL_RUN';

/** Quotes a string for any POSIX shell: single quotes, with `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}

const WATCHER = `
leader=$1 mark=$2 deadline_ms=$3 grace_ms=$4 mode=$5
now() { if [ -n "\${EPOCHREALTIME:-}" ]; then local t=\${EPOCHREALTIME/[.,]/}; now_ms=$((10#$t / 1000)); else now_ms=$(date +%s%3N); fi; }
targets() {
  found=()
  local d p stat rest fields v vars
  for d in /proc/[0-9]*; do
    p=\${d#/proc/}
    [ "$p" = "$$" ] && continue
    { read -r stat < "$d/stat"; } 2>/dev/null || continue
    rest=\${stat##*) }
    read -r -a fields <<< "$rest"
    [ "\${fields[0]}" = Z ] || [ "\${fields[0]}" = X ] && continue
    if [ "\${fields[2]}" = "$leader" ] || [ "\${fields[3]}" = "$leader" ]; then found+=("$p"); continue; fi
    { mapfile -d '' -t vars < "$d/environ"; } 2>/dev/null || continue
    for v in "\${vars[@]}"; do if [ "$v" = "$mark" ]; then found+=("$p"); break; fi; done
  done
}
terminate() {
  targets
  [ \${#found[@]} -eq 0 ] && return
  local first=()
  for v in "\${found[@]}"; do [ "$mode" = pid-namespace ] && [ "$v" = "$leader" ] || first+=("$v"); done
  [ \${#first[@]} -gt 0 ] && kill -TERM "\${first[@]}" 2>/dev/null
  [ \${#first[@]} -gt 0 ] && kill -CONT "\${first[@]}" 2>/dev/null
  now; local end=$((now_ms + grace_ms))
  while :; do
    sleep 0.05; targets
    [ \${#found[@]} -eq 0 ] && return
    now; [ "$now_ms" -ge "$end" ] && break
  done
  while [ \${#found[@]} -gt 0 ]; do
    kill -KILL "\${found[@]}" 2>/dev/null
    sleep 0.05; targets
  done
}
now; start=$now_ms
while :; do
  read -r -t 0.2 _; status=$?
  [ "$status" -ne 0 ] && [ "$status" -le 128 ] && break
  kill -0 "$leader" 2>/dev/null || break
  if [ "$deadline_ms" -gt 0 ]; then now; [ $((now_ms - start)) -ge "$deadline_ms" ] && break; fi
done
terminate
`;

/** What one remote command needs. */
export interface SupervisedCommand {
  readonly command: string;
  /** Unique per command: names the run's marker and the working-directory failure line. */
  readonly nonce: string;
  /** The working directory, or undefined for the login directory. */
  readonly cwd: string | undefined;
  /** Variables to set (string) or unset (undefined). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The remote backstop: the tree is killed this long after the start; 0 for none (background). */
  readonly deadlineMs: number;
  /** Between SIGTERM and SIGKILL. */
  readonly killGraceMs: number;
  readonly containment: RemoteContainment;
  /** The host's bubblewrap around the command (its containment is then the sandbox's PID namespace). */
  readonly sandbox?: SandboxedCommand;
}

/** How one command is sandboxed on its host. */
export interface SandboxedCommand {
  readonly bubblewrap: string;
  /** bubblewrap's arguments, the command included (see `bubblewrapArguments`). */
  readonly arguments: readonly string[];
  /** The redirection that opens the seccomp filter as the descriptor the arguments name (see `seccompInput`). */
  readonly seccomp: string;
  /** Folders to make first (a repository's missing `.git/hooks`, so that its mount has a target). */
  readonly makeFolders: readonly string[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The supervisor script that runs `command` (bash, evaluated by the bootstrap of `stdinScript`,
 * which sends it as the session's first input: a command, its environment and its working
 * directory may be of any size and hold any byte but NUL, and never make the exec request too
 * large for the host's SSH server).
 */
export function supervisorScript(run: SupervisedCommand): string {
  const lines = ['set +m'];
  if (run.cwd !== undefined) {
    lines.push(
      `cd -- ${shellQuote(run.cwd)} 2>/dev/null || { printf '%s\\n' ${shellQuote(`${run.nonce}:no-cwd`)} >&2; exit ${NO_WORKING_DIRECTORY_STATUS}; }`,
    );
  }
  const mark = `${REMOTE_RUN_MARKER}=${run.nonce}`;
  lines.push(
    `setsid bash --noprofile --norc -c ${shellQuote(WATCHER)} toolwright-watch $$ ${shellQuote(mark)} ${Math.ceil(run.deadlineMs)} ${Math.ceil(run.killGraceMs)} ${run.containment} 0<&0 >/dev/null 2>&1 &`,
    'exec 0</dev/null',
  );
  for (const [name, value] of Object.entries(run.env)) {
    if (!NAME.test(name))
      throw new ShellOptionsError(
        `an environment variable name must match ${NAME.source}, not ${JSON.stringify(name)}`,
      );
    lines.push(value === undefined ? `unset ${name}` : `export ${name}=${shellQuote(value)}`);
  }
  lines.push(`export ${mark}`);
  const bash = `bash --noprofile --norc -c ${shellQuote(run.command)}`;
  // In a PID namespace the command is not its init (an init ignores signals it has no handler for):
  // the init waits for it and ends with its status; when the init ends, the kernel kills the rest.
  const init = `bash --noprofile --norc -c ${shellQuote('bash --noprofile --norc -c "$1" & wait $!')} toolwright-init ${shellQuote(run.command)}`;
  if (run.sandbox !== undefined) {
    const { sandbox } = run;
    for (const folder of sandbox.makeFolders) lines.push(`mkdir -- ${shellQuote(folder)} 2>/dev/null`);
    lines.push(`exec ${[sandbox.bubblewrap, ...sandbox.arguments].map(shellQuote).join(' ')} ${sandbox.seccomp}`);
    return lines.join('\n');
  }
  lines.push(
    run.containment === 'pid-namespace'
      ? `exec unshare --pid --fork --kill-child --mount-proc --propagation slave ${init}`
      : `exec ${bash}`,
  );
  return lines.join('\n');
}
