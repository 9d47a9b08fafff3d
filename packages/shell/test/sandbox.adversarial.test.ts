// SB-1, SB-2, SB-6: what a command in LocalShell's bubblewrap sandbox can touch, tried as an attacker
// would, with real bubblewrap and real files, sockets and processes — and checked on the host
// afterwards, never by the command's own word. Every case also runs as an unprivileged user
// (nobody, through setpriv) in sandbox-nobody.adversarial.test.ts.
import { execFileSync, spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { Server } from 'node:net';
import { join } from 'node:path';
import { LocalShell, ShellStartError } from '@toolwright/shell';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run, useTokens } from './shell-cases.js';
import { survivors, waitUntilRunning } from '@toolwright/test-support/survivors';
import {
  expectFloodRefused,
  expectSandboxedBackground,
  expectWriteRefused,
  makeSandboxWorkspace,
  outsideWrites,
  ROOT_ESCAPES,
  expectNoRootEscapeTrace,
  SECRET_READS,
  startHostListeners,
  unixConnectCommand,
  type HostListeners,
} from '@toolwright/test-support/sandbox-cases';

const sandboxed = new LocalShell().sandbox === 'bubblewrap';
const token = useTokens();

// Made as the file is collected: the case tables name its paths.
const planted = makeSandboxWorkspace();
const { root, work, outside, home } = planted;
let savedHome: string | undefined;
let shell: LocalShell;

beforeAll(() => {
  savedHome = process.env.HOME;
  process.env.HOME = home;
  // Required, never 'auto': on a machine without bubblewrap the attacks below must be refused,
  // not run on the host.
  shell = new LocalShell({ sandbox: 'required' });
});

afterAll(async () => {
  await shell?.dispose();
  if (savedHome === undefined) delete process.env.HOME;
  else process.env.HOME = savedHome;
  rmSync(root, { recursive: true, force: true });
});

const inWork = (command: string, options: Parameters<typeof run>[2] = {}) =>
  run(shell, command, { cwd: work, ...options }).then(({ value }) => value);

describe('LocalShell in its bubblewrap sandbox: writes (SB-1)', () => {
  it('SB-1: this machine has bubblewrap 0.8+ with user namespaces (the suite needs it: apt-get install bubblewrap)', () => {
    expect(sandboxed).toBe(true);
  });

  it('SB-1: the working directory is writable, and the result names the sandbox', async () => {
    const result = await inWork('echo made > made.txt && cat made.txt');
    expect(result).toMatchObject({ exitCode: 0, stdout: 'made\n', stderr: '', sandbox: 'bubblewrap' });
    expect(readFileSync(join(work, 'made.txt'), 'utf8')).toBe('made\n');
  });

  for (const write of outsideWrites(planted)) {
    it(`SB-1: a write to ${write[0]} is refused and the host file is untouched`, () =>
      expectWriteRefused(inWork, write, token()));
  }

  it('SB-1: /etc and $HOME say "Read-only file system" to the command', async () => {
    const result = await inWork('echo x > /etc/passwd-copy; echo y >> "$HOME/.bashrc"');
    expect(result.stderr).toBe(
      'bash: line 1: /etc/passwd-copy: Read-only file system\nbash: line 1: ' +
        `${home}/.bashrc: Read-only file system\n`,
    );
  });

  it('SB-1: a hard link to a file outside cannot be made (so nothing outside is written through one)', async () => {
    const result = await inWork(`ln ${join(outside, 'file')} hard && echo linked >> hard`);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('Invalid cross-device link');
    expect(readFileSync(join(outside, 'file'), 'utf8')).toBe('outside\n');
  });

  it('SB-1: a hard link made on the host before the command is still refused: it is not the same file system mount', async () => {
    const t = token();
    writeFileSync(join(outside, `victim-${t}`), 'victim\n');
    linkSync(join(outside, `victim-${t}`), join(work, `hard-${t}`));
    // The link lies in the workspace, so it is writable: the file's content changes for both names,
    // as it would for any hard link the host itself made. What the sandbox guarantees is that a
    // command cannot make one.
    await inWork(`echo more >> hard-${t}`);
    expect(readFileSync(join(outside, `victim-${t}`), 'utf8')).toBe('victim\nmore\n');
  });

  it('SB-1: /tmp is private to the shell: a file left there is seen by its next command, never by the host or another shell', async () => {
    const t = token();
    expect((await inWork(`echo kept > /tmp/kept-${t}`)).exitCode).toBe(0);
    expect((await inWork(`cat /tmp/kept-${t}`)).stdout).toBe('kept\n');
    expect(existsSync(`/tmp/kept-${t}`)).toBe(false);
    const other = new LocalShell({ sandbox: 'required' });
    try {
      expect((await run(other, `cat /tmp/kept-${t}`, { cwd: work })).value.exitCode).toBe(1);
    } finally {
      await other.dispose();
    }
  });

  it('SB-1: the working directory can be a folder the sandbox made in its /tmp', async () => {
    const made = await inWork('mktemp -d');
    const folder = made.stdout.trim();
    expect(folder.startsWith('/tmp/')).toBe(true);
    const result = await run(shell, 'pwd; echo in > f; cat f', { cwd: folder });
    expect(result.value).toMatchObject({ exitCode: 0, stdout: `${folder}\nin\n` });
  });
});

describe('LocalShell in its bubblewrap sandbox: reads (SB-1)', () => {
  for (const [label, command] of SECRET_READS) {
    it(`SB-1: ${label} cannot be read`, async () => {
      const result = await inWork(command);
      expect(result.exitCode).not.toBe(0);
      expect(result.stdout).not.toMatch(/SECRET|work-secret/);
      expect(result.stderr).toContain('Permission denied');
    });
  }

  it('SB-2: a folder the policy read-denies can be neither listed nor read; a dangling link among the policy paths aborts nothing', async () => {
    const t = token();
    const denied = join(root, `denied-${t}`);
    mkdirSync(denied);
    writeFileSync(join(denied, 'data'), 'DENIED-DATA\n');
    symlinkSync(join(root, `missing-${t}`), join(root, `dangling-${t}`));
    const strict = new LocalShell({
      sandbox: { writable: [work, join(root, `dangling-${t}`)], readDenied: [denied, join(root, `dangling-${t}`)] },
    });
    try {
      const result = (await run(strict, `ls ${denied}; cat ${denied}/data; echo ok`, { cwd: work })).value;
      expect(result.stdout).toBe('ok\n');
      expect(result.stderr).toBe(
        `ls: cannot open directory '${denied}': Permission denied\ncat: ${denied}/data: Permission denied\n`,
      );
    } finally {
      await strict.dispose();
    }
  });

  it(
    'SB-1: a command that floods the workspace past the secret search makes the next one refuse to start, never run with a secret unhidden',
    () => expectFloodRefused(inWork, work),
    180_000,
  );

  it('SB-1: a secret made in a folder the last command’s search remembered is hidden from the next command', async () => {
    const t = token();
    const folder = join(work, `settled-${t}`);
    mkdirSync(folder);
    writeFileSync(join(folder, 'notes.txt'), 'notes\n');
    // A folder is remembered once it has not changed for a second: wait until it is, then search it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await inWork(`cat settled-${t}/notes.txt`)).stdout).toBe('notes\n');
    expect((await inWork(`cat settled-${t}/notes.txt`)).stdout).toBe('notes\n');
    writeFileSync(join(folder, 'late.pem'), 'LATE-SECRET\n');
    const result = await inWork(`cat settled-${t}/late.pem`);
    expect(result.stdout).toBe('');
    expect(result.sandboxRefusals).toEqual([`${folder}/late.pem is unreadable: a secret (a key or certificate store)`]);
  });

  it('SB-1: everything else stays readable (the system, the workspace, files outside it)', async () => {
    const result = await inWork(`cat readme.txt ${join(outside, 'file')} && test -r /etc/hostname && echo readable`);
    expect(result).toMatchObject({ exitCode: 0, stdout: 'hello\noutside\nreadable\n' });
  });
});

describe('LocalShell in its bubblewrap sandbox: policy paths (SB-2)', () => {
  it('SB-2: a writable path that passes through a link planted in another writable path is left out', async () => {
    const t = token();
    symlinkSync(outside, join(work, `planted-${t}`));
    const strict = new LocalShell({ sandbox: { writable: [work, join(work, `planted-${t}`)] } });
    try {
      await run(strict, `echo x > planted-${t}/written-${t}`, { cwd: work });
      expect(existsSync(join(outside, `written-${t}`))).toBe(false);
    } finally {
      await strict.dispose();
    }
  });

  it('SB-2: a writable path that does not exist is left out; the command still runs', async () => {
    const strict = new LocalShell({ sandbox: { writable: [join(root, 'no-such-folder'), work] } });
    try {
      expect((await run(strict, 'echo ran', { cwd: work })).value).toMatchObject({ exitCode: 0, stdout: 'ran\n' });
    } finally {
      await strict.dispose();
    }
  });

  it('SB-2: only the stated writable paths are writable (the working directory is not, unless stated)', async () => {
    const t = token();
    const strict = new LocalShell({ sandbox: { writable: [outside] } });
    try {
      const result = (await run(strict, `echo x > w-${t}; echo y > ${outside}/w-${t}`, { cwd: work })).value;
      expect(result.stderr).toBe(`bash: line 1: w-${t}: Read-only file system\n`);
      expect(existsSync(join(work, `w-${t}`))).toBe(false);
      expect(readFileSync(join(outside, `w-${t}`), 'utf8')).toBe('y\n');
    } finally {
      await strict.dispose();
    }
  });

  it('SB-2: the policy is copied when the shell is made: a host changing its object later widens nothing', async () => {
    const t = token();
    const writable = [outside];
    const strict = new LocalShell({ sandbox: { writable } });
    writable.push(work);
    try {
      const result = (await run(strict, `echo x > w-${t}; echo "$?"`, { cwd: work })).value;
      expect(result.stdout).toBe('1\n');
      expect(existsSync(join(work, `w-${t}`))).toBe(false);
    } finally {
      await strict.dispose();
    }
  });

  it('SB-2: a working directory inside a read-denied folder is a start error, and nothing runs', async () => {
    const strict = new LocalShell({ sandbox: { readDenied: [work] } });
    try {
      await expect(strict.execute('echo ran', { timeoutMs: 60_000, maxCaptureBytes: 100, cwd: work })).rejects.toThrow(
        new ShellStartError(
          `The command could not start: its working directory ${work} is inside ${work}, which the sandbox hides (read-denied by the policy).`,
        ),
      );
    } finally {
      await strict.dispose();
    }
  });
});

describe('LocalShell in its bubblewrap sandbox: the network and sockets (SB-1)', () => {
  let listeners: HostListeners;
  beforeAll(async () => {
    listeners = await startHostListeners(join(work, 'host.sock'));
  });
  afterAll(() => listeners.close());

  it('SB-1: a TCP listener on the host’s 127.0.0.1 cannot be reached', async () => {
    const result = await inWork(`exec 3<>/dev/tcp/127.0.0.1/${listeners.tcpPort} && cat <&3`);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain('Connection refused');
    expect(listeners.connections.tcp).toBe(0);
  });

  it('SB-1: a raw IP address outside cannot be reached, and names do not resolve', async () => {
    const result = await inWork('exec 3<>/dev/tcp/1.1.1.1/80; getent hosts example.com || echo no-dns');
    expect(result.stderr).toContain('Network is unreachable');
    expect(result.stdout).toBe('no-dns\n');
  });

  it('SB-1: UDP to the host reaches nothing', async () => {
    const socket = createSocket('udp4');
    let received = 0;
    socket.on('message', () => received++);
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    const { port } = socket.address();
    try {
      await inWork(`for i in 1 2 3; do echo ping > /dev/udp/127.0.0.1/${port}; done; true`);
      // A datagram from inside would have arrived long before the command ended; give the loop a turn.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toBe(0);
    } finally {
      socket.close();
    }
  });

  it('SB-1: a host Unix socket, visible in the workspace, refuses the connection (the socket call itself is refused)', async () => {
    const result = await inWork(unixConnectCommand(listeners.unixPath));
    expect(result.stdout).toBe('EPERM\n');
    expect(listeners.connections.unix).toBe(0);
  });

  it('SB-1: allowUnixSockets lets the command reach that socket', async () => {
    const open = new LocalShell({ sandbox: { allowUnixSockets: true } });
    try {
      const result = (await run(open, unixConnectCommand(listeners.unixPath), { cwd: work })).value;
      expect(result.stdout).toBe('host\n');
      expect(listeners.connections.unix).toBe(1);
    } finally {
      await open.dispose();
    }
  });
});

describe('LocalShell in its bubblewrap sandbox: root is not root (SB-1)', () => {
  for (const [label, command] of ROOT_ESCAPES) {
    it(`SB-1: as root inside, it cannot ${label}`, async () => {
      const t = token();
      // The status of the attempt, printed by the sandboxed shell itself: the sandbox did start.
      const result = await inWork(`(${command(t)}); echo "status=$?"`);
      expect(result.stdout).toMatch(/^status=[1-9]\d*\n$/);
      expectNoRootEscapeTrace(t);
    });
  }

  // No capability in any set: no CAP_SYS_MODULE (no module loads), CAP_SYS_PTRACE, CAP_SYS_ADMIN, …
  it('SB-1: it holds no capability at all, in any set', async () => {
    const result = await inWork('grep -E "^Cap(Inh|Prm|Eff|Bnd|Amb)" /proc/self/status');
    expect(result.stdout).toBe(
      ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb'].map((set) => `${set}:\t0000000000000000\n`).join(''),
    );
  });

  it('SB-1: host processes are invisible: ps sees the sandbox alone, and this process cannot be signalled', async () => {
    const result = await inWork(`ps -e -o pid= | wc -l; kill -0 ${process.pid} 2>/dev/null || echo cannot-signal`);
    const [count, signalled] = result.stdout.trim().split('\n');
    expect(Number(count)).toBeLessThanOrEqual(5);
    expect(signalled).toBe('cannot-signal');
  });
});

describe('LocalShell in its bubblewrap sandbox: the same guarantees inside (SB-6)', () => {
  it('SB-6: a fork storm inside ends at the timeout and leaves nothing', async () => {
    const t = token();
    const storm = `for i in $(seq 60); do (for j in $(seq 5); do sleep 1000.${t} & done; wait) & done; wait`;
    const result = await inWork(storm, { timeoutMs: 3_000 });
    expect(result.timedOut).toBe(true);
    expect(await survivors(t)).toEqual([]);
  });

  it('SB-6: a background command is sandboxed too, and its kill leaves nothing', async () => {
    const read = await expectSandboxedBackground(shell, work, token(), true);
    // SIGTERM, or SIGKILL when the grace period ran out first on a loaded machine: a signal either way, given back as one.
    expect(read).toMatchObject({ exitCode: null, signal: expect.stringMatching(/^SIG(TERM|KILL)$/) });
  });

  it('SB-6: when this process is SIGKILLed, the sandboxed command dies with it (--die-with-parent)', async () => {
    const t = token();
    const fixture = new URL('./fixtures/parent-exit.mjs', import.meta.url).pathname;
    const parent = spawn(process.execPath, [fixture, t, 'wait', 'sandbox'], { stdio: ['pipe', 'pipe', 'pipe'] });
    parent.stderr.resume();
    try {
      expect(await waitUntilRunning(t)).not.toEqual([]);
      parent.kill('SIGKILL');
      expect(await survivors(t)).toEqual([]);
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
    }
  });
});

describe('LocalShell in its bubblewrap sandbox: the model is told (SB-5)', () => {
  it('SB-5: a refused write, read and connection come back as sentences naming the rule', async () => {
    const result = await inWork(
      'echo x > /etc/toolwright-told; cat .env; getent hosts example.com || curl -sS http://example.com',
    );
    expect(result.sandboxRefusals).toEqual([
      `/etc/toolwright-told is read-only; writable: ${work}, /tmp`,
      `${work}/.env is unreadable: a secret (an environment file)`,
      ...(result.stderr.includes('Could not resolve host')
        ? ['the network is off: no host can be reached from here']
        : []),
    ]);
  });

  it('SB-5: a command the sandbox refused nothing has no refusals', async () => {
    const result = await inWork('echo fine; ls /nonexistent-folder');
    expect(result.exitCode).toBe(2);
    expect(result).not.toHaveProperty('sandboxRefusals');
  });
});

describe('LocalShell’s sandbox option is checked (SB-4)', () => {
  const refused: ReadonlyArray<[label: string, options: unknown, message: string]> = [
    [
      'a misspelled mode',
      { sandbox: 'requird' },
      `sandbox must be 'auto', 'required', 'off' or a policy object, not "requird"`,
    ],
    [
      'a misspelled option',
      { sandbx: 'required' },
      'LocalShell has no option "sandbx"; its options are bashPath, killGraceMs, settleMs, containment, sandbox',
    ],
    [
      'a misspelled policy key',
      { sandbox: { writeable: ['/work'] } },
      'sandbox has no option "writeable"; its options are writable, readOnly, readDenied, network, allowUnixSockets, required',
    ],
    [
      'a relative writable path',
      { sandbox: { writable: ['work'] } },
      'sandbox.writable must hold absolute paths without NUL bytes, not "work"',
    ],
    [
      'a NUL in a path',
      { sandbox: { readDenied: ['/a\0b'] } },
      'sandbox.readDenied must hold absolute paths without NUL bytes, not "/a\\u0000b"',
    ],
    [
      'a bad domain',
      { sandbox: { network: { allowedDomains: ['http://x.com'] } } },
      'sandbox.network.allowedDomains: The domain rule "http://x.com" holds a scheme; a rule names a domain alone and covers HTTP and HTTPS on every port: write "x.com".',
    ],
    [
      'a network string',
      { sandbox: { network: 'all' } },
      `sandbox.network must be 'none' or { allowedDomains: [...] }, not "all"`,
    ],
    ['required as a string', { sandbox: { required: 'yes' } }, 'sandbox.required must be true or false, not "yes"'],
    ['a number', { sandbox: 1 }, `sandbox must be 'auto', 'required', 'off' or a policy object, not number 1`],
  ];
  for (const [label, options, message] of refused) {
    it(`SB-4: ${label} is a ShellOptionsError, never ignored`, () => {
      expect(() => new LocalShell(options as ConstructorParameters<typeof LocalShell>[0])).toThrow(message);
    });
  }

  it('SB-4: a containment other than the sandbox’s own, with the sandbox on, is refused with the way out', () => {
    expect(() => new LocalShell({ containment: 'session' })).toThrow(
      "containment 'session' cannot hold a sandboxed command: the sandbox is its own PID namespace; pass sandbox: 'off' to choose another containment",
    );
    expect(new LocalShell({ sandbox: 'off', containment: 'session' }).sandbox).toBe('none');
  });

  it('SB-4: off is named none, and its results say so', async () => {
    const off = new LocalShell({ sandbox: 'off' });
    expect(off.sandbox).toBe('none');
    expect((await run(off, 'true')).value.sandbox).toBe('none');
  });
});

describe('LocalShell in its bubblewrap sandbox: allowed domains through the proxy (SB-3)', () => {
  let server: Server;
  let port: number;
  let hits = 0;
  let networked: LocalShell;

  beforeAll(async () => {
    server = createHttpServer((_request, response) => {
      hits++;
      response.end('hello from the host\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    networked = new LocalShell({ sandbox: { network: { allowedDomains: ['localhost', '*.allowed.example'] } } });
  });

  afterAll(async () => {
    await networked.dispose();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A request for `url` sent to the proxy by hand, from inside (no HTTP client needed): the response's body. */
  const viaProxy = (url: string) =>
    `${JSON.stringify(process.execPath)} -e ${JSON.stringify(
      `const s = require('net').connect(3128, '127.0.0.1', () => s.write('GET ${url} HTTP/1.1\\r\\nHost: x\\r\\n\\r\\n')); let t = ''; s.on('data', (d) => (t += d)); s.on('close', () => console.log(t.split('\\r\\n\\r\\n')[1] ?? t)); s.on('error', (e) => console.log(e.code));`,
    )}`;

  it('SB-3: an allowed domain is reached over HTTP through the proxy; the proxy variables are set', async () => {
    const before = hits;
    const result = (
      await run(networked, `echo "$HTTP_PROXY $ALL_PROXY"; ${viaProxy(`http://localhost:${port}/`)}`, { cwd: work })
    ).value;
    expect(result.stdout).toBe('http://127.0.0.1:3128 socks5h://127.0.0.1:3128\nhello from the host\n\n');
    expect(hits).toBe(before + 1);
    expect(result).not.toHaveProperty('sandboxRefusals');
  });

  it('SB-3: curl reaches the allowed domain by HTTP_PROXY, by SOCKS5 and by CONNECT', async () => {
    const result = (
      await run(
        networked,
        `curl -sS http://localhost:${port}/a && curl -sS --proxy socks5h://127.0.0.1:3128 http://localhost:${port}/b && curl -sS -p http://localhost:${port}/c`,
        { cwd: work },
      )
    ).value;
    expect(result).toMatchObject({ exitCode: 0, stdout: 'hello from the host\n'.repeat(3) });
  });

  it('SB-3: another domain is refused by the proxy, and the model is told which rule', async () => {
    const result = (await run(networked, viaProxy('http://evil.example/'), { cwd: work })).value;
    expect(result.stdout).toBe(
      'toolwright sandbox: evil.example is not an allowed domain; allowed: localhost, *.allowed.example\n\n',
    );
    expect(result.sandboxRefusals).toEqual([
      'evil.example is not an allowed domain; allowed: localhost, *.allowed.example',
    ]);
  });

  it('SB-3: a raw IP address is refused by the proxy, and a direct connection, UDP or DNS still reach nothing', async () => {
    const before = hits;
    const result = (
      await run(
        networked,
        `${viaProxy(`http://127.0.0.1:${port}/`)}; exec 3<>/dev/tcp/127.0.0.1/${port} || echo no-direct; getent hosts localhost.allowed.example || echo no-dns`,
        { cwd: work },
      )
    ).value;
    expect(result.stdout).toBe(
      'toolwright sandbox: connections to IP addresses (127.0.0.1) are refused; only allowed domains are reached, by name\n\nno-direct\nno-dns\n',
    );
    expect(hits).toBe(before);
  });

  it('SB-3: a background command reaches the allowed domain too, and its bridge ends with it', async () => {
    const background = await networked.startBackground(viaProxy(`http://localhost:${port}/`), {
      cwd: work,
      maxBufferBytes: 4_096,
    });
    let output = '';
    for (const deadline = Date.now() + 30_000; background.status === 'running' && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 20));
    output += background.read().output;
    expect(output).toBe('hello from the host\n\n');
    let bridges = 1;
    for (const deadline = Date.now() + 10_000; bridges > 0 && Date.now() < deadline;) {
      bridges = Number(
        execFileSync('sh', ['-c', 'ps -eo args= | grep -c "[s]ocat .*toolwright-proxy-" || true'], {
          encoding: 'utf8',
        }).trim(),
      );
      if (bridges > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(bridges).toBe(0);
  });
});

describe('LocalShell in its bubblewrap sandbox: quick commands (SB-6)', () => {
  it('SB-6: 200 quick commands in a row each settle with their own status (an exit seen before the sandbox named its init is not lost)', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 200; index++)
      statuses.push((await inWork(`exit ${index % 3}`, { timeoutMs: 30_000 })).exitCode ?? -1);
    expect(statuses).toEqual(Array.from({ length: 200 }, (_, index) => index % 3));
  });
});
