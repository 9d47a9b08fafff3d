/**
 * How a remote command's processes are held together on its host:
 * - `pid-namespace`: the command runs in a PID namespace of its own (`unshare --pid`, where the
 *   host lets the login user make one); when the supervisor ends it, the kernel kills every
 *   process inside, whatever session or environment it has;
 * - `session`: the session sshd made for it, plus a /proc sweep for processes that left it but
 *   still carry the run's marker variable. A process that leaves the session and clears its
 *   environment (`setsid -f env -i …`) escapes this one.
 */
export type RemoteContainment = 'pid-namespace' | 'session';

/** The exec request that reports which containment the host offers the login user. */
export const CONTAINMENT_PROBE =
  "exec bash --noprofile --norc -c 'if unshare --pid --fork --kill-child --mount-proc --propagation slave true 2>/dev/null; then echo pid-namespace; else echo session; fi'";
