// The types of sshd-fixture.mjs (plain JavaScript, so that the benchmark can start the same server).
/** A running test sshd and what a client needs to reach it. */
export interface SshdFixture {
  readonly host: '127.0.0.1';
  readonly port: number;
  readonly username: string;
  /** The client's private key (OpenSSH format). */
  readonly privateKey: Buffer;
  /** Its path on disk. */
  readonly privateKeyFile: string;
  /** A known_hosts file naming this server's host key as `[127.0.0.1]:port`. */
  readonly knownHostsFile: string;
  /** The host key's fingerprint, `SHA256:…` as `ssh-keygen -l` prints it. */
  readonly fingerprint: string;
  /** What an `SshShell` needs to log in: host, port, user, key, and the known_hosts file. */
  readonly login: {
    readonly host: '127.0.0.1';
    readonly port: number;
    readonly username: string;
    readonly privateKey: Buffer;
    readonly hostKey: { readonly knownHostsFile: string };
  };
  /** The listening sshd's pid. */
  readonly pid: number;
  /** Stops the listener (and its connections) but keeps keys and config: the host is down. */
  halt(): Promise<void>;
  /** Starts the listener again on the same port with the same keys. */
  resume(): Promise<void>;
  /** The temp folder that holds keys and config. */
  readonly folder: string;
  /** Where every session starts (the login directory), inside `folder`. */
  readonly loginDir: string;
  /** The pids of the per-connection sshd processes (children of the listener): killing one cuts that connection. */
  connectionProcesses(): number[];
  /** What sshd wrote to stderr so far. */
  stderr(): string;
  /** Kills the server (and its connections) and removes the folder. */
  stop(): Promise<void>;
}
export { freePort } from './free-port.mjs';
/** How a test sshd runs. */
export interface SshdOptions {
  /** Run sshd in a mount namespace of its own with shared mounts (root only): a test may mount there with `nsenter --mount=/proc/<pid>/ns/mnt`. */
  readonly ownMountNamespace?: boolean;
  /** Lines added to sshd_config (`SetEnv PATH=…` gives every session another PATH). */
  readonly config?: readonly string[];
}
/** Starts a throwaway sshd; rejects with sshd's stderr when it does not come up within 30 s. */
export declare function startSshd(options?: SshdOptions): Promise<SshdFixture>;
