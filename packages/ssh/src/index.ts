// The public API of @toolwright/ssh: every export here is public, so add to it deliberately. Each name is listed in
// test/architecture/export-surface.json, checked by its test.
export { fingerprintOf, knownHostsName, type HostKeyPolicy } from './host-key.js';
export type { RemoteContainment } from './remote-containment.js';
export { SshConnectionError, type SshConnectionFailure } from './ssh-connection-error.js';
export { SshShell } from './ssh-shell.js';
export type { SshShellOptions } from './ssh-shell-options.js';
export type { PoolHostStatus } from './pool-host.js';
export { SshShellPool, type SshShellPoolOptions } from './ssh-shell-pool.js';
