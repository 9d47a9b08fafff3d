/**
 * How a command's processes are held together, strongest first (SPEC SH-3):
 * - `pid-namespace`: the command runs in its own PID namespace; when its init is killed, the
 *   kernel kills every process in it, whatever session or environment it has;
 * - `cgroup`: the command runs in its own cgroup v2; `cgroup.kill` kills every process in it;
 * - `session`: its own session and process group, plus a /proc sweep for processes that left them
 *   but still carry the run's environment marker or a parent link. A process that leaves the
 *   session, clears its environment and is orphaned (`setsid -f env -i …`) escapes this one.
 */
export type Containment = 'pid-namespace' | 'cgroup' | 'session';
