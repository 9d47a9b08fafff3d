// The public API of @toolwright/ssh. Every export here is public: add to it deliberately.
export { fingerprintOf, knownHostsName, type HostKeyPolicy } from './host-key.js';
export type { RemoteContainment } from './remote-containment.js';
export { SshConnectionError, type SshConnectionFailure } from './ssh-connection-error.js';
export { SshShell } from './ssh-shell.js';
export type { SshShellOptions } from './ssh-shell-options.js';
export type { PoolHostStatus } from './pool-host.js';
export { SshShellPool, type SshShellPoolOptions } from './ssh-shell-pool.js';
