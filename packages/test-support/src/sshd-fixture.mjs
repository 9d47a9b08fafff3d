// A throwaway OpenSSH server for tests: /usr/sbin/sshd on 127.0.0.1 on a free port, run as the current
// user, with a host key and a user key generated into a temp folder. It fails with sshd's own stderr
// when the server does not come up — nothing is skipped.
// Plain JavaScript (types in sshd-fixture.d.mts), so that the benchmark (pnpm bench) starts the same server.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from './free-port.mjs';
const SSHD = '/usr/sbin/sshd';
/** A port nobody listens on now (from free-port.mjs; the SSH tests import it from here). */
export { freePort };
function childrenOf(parent) {
  const children = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === parent && fields[0] !== 'Z') children.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}
function accepts(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('data', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.setTimeout(5_000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}
/**
 * Starts a throwaway sshd; rejects with sshd's stderr when it does not come up within 30 s. With
 * `ownMountNamespace`, sshd runs in a mount namespace of its own whose mounts are shared (`unshare
 * --mount --propagation shared`, root only), so a test can mount there (`nsenter --mount`) without
 * touching this machine's mounts. `config` lines are added to sshd_config. Every session starts
 * in `loginDir`, a folder of the fixture's (sshd's ForceCommand), whatever the user's home is.
 */
export async function startSshd(options = {}) {
  const wrap = options.ownMountNamespace === true ? ['unshare', '--mount', '--propagation', 'shared', '--'] : [];
  const folder = mkdtempSync(join(tmpdir(), 'toolwright-sshd-'));
  mkdirSync('/run/sshd', { recursive: true });
  const hostKey = join(folder, 'host_ed25519');
  const userKey = join(folder, 'user_ed25519');
  for (const file of [hostKey, userKey])
    execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'toolwright-test', '-f', file]);
  writeFileSync(join(folder, 'authorized_keys'), readFileSync(`${userKey}.pub`));
  // Sessions start in a small folder of the fixture's, not in the user's home folder: a sandboxed
  // command searches its working directory for secrets, and a developer's home can hold more
  // entries than that search reads (it then refuses to start).
  const loginDir = join(folder, 'login');
  mkdirSync(loginDir);
  const port = await freePort();
  const config = join(folder, 'sshd_config');
  writeFileSync(
    config,
    [
      'ListenAddress 127.0.0.1',
      `Port ${port}`,
      `HostKey ${hostKey}`,
      `AuthorizedKeysFile ${join(folder, 'authorized_keys')}`,
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'PermitRootLogin prohibit-password',
      'StrictModes no',
      `PidFile ${join(folder, 'sshd.pid')}`,
      'UsePAM no',
      'MaxSessions 64',
      'MaxStartups 64:30:128',
      // The client sends SHLVL=1 so that the login shell skips ~/.bashrc for `-c` commands (see the README).
      'AcceptEnv SHLVL',
      'LogLevel ERROR',
      `ForceCommand cd '${loginDir}' && eval "$SSH_ORIGINAL_COMMAND"`,
      ...(options.config ?? []),
      '',
    ].join('\n'),
  );
  const hostPublic = readFileSync(`${hostKey}.pub`, 'utf8').trim().split(' ').slice(0, 2).join(' ');
  const knownHostsFile = join(folder, 'known_hosts');
  writeFileSync(knownHostsFile, `[127.0.0.1]:${port} ${hostPublic}\n`);
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKey}.pub`], {
    encoding: 'utf8',
  }).split(' ')[1];
  const remove = () => rmSync(folder, { recursive: true, force: true });
  let server;
  try {
    server = await listen(config, port, wrap);
  } catch (error) {
    remove();
    throw error;
  }
  const halt = async () => {
    const connections = childrenOf(server.pid);
    await server.stop();
    for (const connection of connections) {
      try {
        process.kill(connection, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  return {
    host: '127.0.0.1',
    port,
    username: userInfo().username,
    privateKey: readFileSync(userKey),
    privateKeyFile: userKey,
    knownHostsFile,
    fingerprint,
    login: {
      host: '127.0.0.1',
      port,
      username: userInfo().username,
      privateKey: readFileSync(userKey),
      hostKey: { knownHostsFile },
    },
    get pid() {
      return server.pid;
    },
    folder,
    loginDir,
    connectionProcesses: () => childrenOf(server.pid),
    stderr: () => server.stderr(),
    halt,
    async resume() {
      server = await listen(config, port, wrap);
    },
    async stop() {
      await halt();
      remove();
    },
  };
}
/** Runs `sshd -D -e -f config` (after `wrap`, which execs it) until it accepts on `port`; rejects with its stderr after 30 s or when it exits. */
async function listen(config, port, wrap) {
  const [file, ...args] = [...wrap, SSHD, '-D', '-e', '-f', config];
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text) => (stderr += text));
  let exited = false;
  const gone = new Promise((resolve) => child.once('exit', resolve)).then(() => (exited = true));
  const deadline = performance.now() + 30_000;
  while (!(await accepts(port))) {
    if (exited || performance.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sshd did not start on 127.0.0.1:${port}: ${stderr.trim() || '(no output)'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    pid: child.pid,
    stderr: () => stderr,
    async stop() {
      if (!exited) child.kill('SIGTERM');
      await gone;
    },
  };
}
