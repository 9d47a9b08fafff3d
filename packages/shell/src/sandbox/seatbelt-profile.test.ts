import { describe, expect, it, vi } from 'vitest';
import { ShellOptionsError } from '../shell-options-error.js';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';
import { probeSeatbelt, seatbeltAvailable, seatbeltCommand, seatbeltProfile } from './seatbelt-profile.js';

const spawned = vi.hoisted(() => ({ calls: 0 }));

vi.mock('node:child_process', async (importOriginal) => {
  const original = await importOriginal<typeof import('node:child_process')>();
  return {
    ...original,
    spawnSync: (...args: Parameters<typeof original.spawnSync>) => {
      spawned.calls += 1;
      return original.spawnSync(...args);
    },
  };
});

const PRIVATE_TMP = '/private/var/folders/zz/abc/T/toolwright-1';

/** A representative policy: a project with its git metadata protected, a secret inside it, ~/.ssh denied. */
const POLICY: ResolvedSandboxPolicy = {
  cwd: '/Users/ada/project',
  writable: ['/Users/ada/project'],
  protected: ['/Users/ada/project/.git/hooks', '/Users/ada/project/.git/config'],
  readDenied: [
    { path: '/Users/ada/.ssh', folder: true, why: 'the secret list' },
    { path: '/Users/ada/project/.env', folder: false, why: 'the secret list' },
  ],
  allowedDomains: ['example.com'],
  allowUnixSockets: false,
};

/** The policy with nothing but a working directory: no writable path, no denial, no network. */
const BARE: ResolvedSandboxPolicy = {
  cwd: '/Users/ada/project',
  writable: [],
  protected: [],
  readDenied: [],
  allowedDomains: [],
  allowUnixSockets: false,
};

/** A form of SBPL as a strict reader sees it: an atom, a string (its value), or a list. */
type Form = string | { readonly string: string } | Form[];

/**
 * The top-level forms of an SBPL text, read strictly: comments, lists, atoms and strings whose
 * only escapes are \\ and \" (the only ones the profile writes). Throws on anything else.
 */
function readSbpl(text: string): Form[] {
  const top: Form[] = [];
  const open: Form[][] = [top];
  let index = 0;
  while (index < text.length) {
    const character = text.charAt(index);
    if (character === ';') {
      const end = text.indexOf('\n', index);
      index = end === -1 ? text.length : end;
    } else if (/\s/.test(character)) {
      index += 1;
    } else if (character === '(') {
      const list: Form[] = [];
      open.at(-1)?.push(list);
      open.push(list);
      index += 1;
    } else if (character === ')') {
      open.pop();
      if (open.length === 0) throw new Error(`An unbalanced ")" at ${index}.`);
      index += 1;
    } else if (character === '"') {
      let value = '';
      index += 1;
      for (;;) {
        const next = text.charAt(index);
        if (next === '') throw new Error('A string that never ends.');
        if (next === '"') break;
        if (next === '\\') {
          const escaped = text.charAt(index + 1);
          if (escaped !== '\\' && escaped !== '"') throw new Error(`An unexpected escape \\${escaped}.`);
          value += escaped;
          index += 2;
        } else {
          value += next;
          index += 1;
        }
      }
      open.at(-1)?.push({ string: value });
      index += 1;
    } else {
      const atom = /^[^\s()";]+/.exec(text.slice(index))?.[0] ?? '';
      if (atom.startsWith('#')) throw new Error(`An unexpected ${atom}.`);
      open.at(-1)?.push(atom);
      index += atom.length;
    }
  }
  if (open.length !== 1) throw new Error('A list that never closes.');
  return top;
}

/** A form written back as SBPL on one line, for comparing. */
function writeForm(form: Form): string {
  if (typeof form === 'string') return form;
  if (Array.isArray(form)) return `(${form.map(writeForm).join(' ')})`;
  return JSON.stringify(form.string);
}

/** The rule lines of a profile (its comments and blank lines left out). */
function ruleLines(profile: string): string[] {
  return profile.split('\n').filter((line) => line !== '' && !line.trimStart().startsWith(';'));
}

/** The message `run` throws, checking it is a ShellOptionsError. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(ShellOptionsError.isInstance(error)).toBe(true);
    return (error as ShellOptionsError).message;
  }
  throw new Error('Nothing was refused.');
}

const GOLDEN = `(version 1)
(deny default)

; Processes: a command starts others, which inherit this profile (no child can leave it);
; it signals and inspects only processes of this same sandbox, never those of the host.
(allow process-fork)
(allow process-exec)
(allow signal (target same-sandbox))
(allow process-info* (target same-sandbox))

; System facts that runtimes and tools read as they start.
(allow sysctl-read
  ; Processors, caches, pages and memory: thread pools and job counts (os.cpus(), make -j, Go, the JVM).
  (sysctl-name "hw.activecpu")
  (sysctl-name "hw.busfrequency_compat")
  (sysctl-name "hw.byteorder")
  (sysctl-name "hw.cacheconfig")
  (sysctl-name "hw.cachelinesize_compat")
  (sysctl-name "hw.cpufamily")
  (sysctl-name "hw.cpufrequency")
  (sysctl-name "hw.cpufrequency_compat")
  (sysctl-name "hw.cputype")
  (sysctl-name "hw.l1dcachesize_compat")
  (sysctl-name "hw.l1icachesize_compat")
  (sysctl-name "hw.l2cachesize_compat")
  (sysctl-name "hw.l3cachesize_compat")
  (sysctl-name "hw.logicalcpu")
  (sysctl-name "hw.logicalcpu_max")
  (sysctl-name "hw.machine")
  (sysctl-name "hw.memsize")
  (sysctl-name "hw.model")
  (sysctl-name "hw.ncpu")
  (sysctl-name "hw.nperflevels")
  (sysctl-name "hw.packages")
  (sysctl-name "hw.pagesize")
  (sysctl-name "hw.pagesize_compat")
  (sysctl-name "hw.physicalcpu")
  (sysctl-name "hw.physicalcpu_max")
  (sysctl-name "hw.tbfrequency_compat")
  (sysctl-name "hw.vectorunit")
  (sysctl-name "machdep.cpu.brand_string")
  (sysctl-name "machdep.ptrauth_enabled")
  (sysctl-name "sysctl.proc_cputype")
  (sysctl-name-prefix "hw.optional.")
  (sysctl-name-prefix "hw.perflevel")
  ; Which system this is: uname, sw_vers, and runtimes that check the version.
  (sysctl-name "kern.hostname")
  (sysctl-name "kern.osproductversion")
  (sysctl-name "kern.osrelease")
  (sysctl-name "kern.ostype")
  (sysctl-name "kern.osvariant_status")
  (sysctl-name "kern.osversion")
  (sysctl-name "kern.secure_kernel")
  (sysctl-name "kern.version")
  ; Limits: the argument size (shells, xargs), open files, processes, groups, and the stack base.
  (sysctl-name "kern.argmax")
  (sysctl-name "kern.maxfiles")
  (sysctl-name "kern.maxfilesperproc")
  (sysctl-name "kern.maxproc")
  (sysctl-name "kern.ngroups")
  (sysctl-name "kern.usrstack64")
  ; The load average (uptime, make -l).
  (sysctl-name "vm.loadavg")
  ; Interfaces and routes, read by getifaddrs (Node's os.networkInterfaces()); reading them connects nowhere.
  (sysctl-name-prefix "net.routetable.")
)
; Left out: kern.proc.all, kern.proc.pid.* and kern.proc.pgrp.*, which list or describe any process,
; the host's included (Seatbelt cannot filter a sysctl by its target): ps and pgrep see nothing here.
; The JVM reads its processor type through a sysctl the kernel counts as a write.
(allow sysctl-write (sysctl-name "kern.grade_cputype"))
; Processor load through the Mach host port (host_processor_info(), libuv's os.cpus()).
(allow mach-host*)

; Services of the system that command line programs call.
(allow mach-lookup
  ; User and group names (getpwuid, getgrgid: whoami, ls -l, git, ssh) and group membership (id).
  (global-name "com.apple.system.opendirectoryd.libinfo")
  (global-name "com.apple.system.opendirectoryd.membership")
  ; notify(3): the C library learns of time zone changes through it.
  (global-name "com.apple.system.notification_center")
  ; The unified and the older system log (os_log, asl): without them each message is a denial in the log.
  (global-name "com.apple.logd")
  (global-name "com.apple.system.logger")
  ; Preferences (CFPreferences: defaults read, Foundation programs), read only: cfprefsd refuses the writes
  ; of a sandbox that has no user-preference-write.
  (global-name "com.apple.cfprefsd.daemon")
  (global-name "com.apple.cfprefsd.agent")
  ; The per-user temporary and cache folders (confstr(_CS_DARWIN_USER_TEMP_DIR)); writing there stays denied.
  (global-name "com.apple.bsd.dirhelper")
  ; Power management (IOPMAssertion: caffeinate, builds that keep the machine awake), with its IOKit client below.
  (global-name "com.apple.PowerManagement.control")
)
(allow user-preference-read)
(allow ipc-posix-shm-read* (ipc-posix-name-prefix "apple.cfprefs."))
(allow iokit-open (iokit-registry-entry-class "RootDomainUserClient"))
; Named POSIX semaphores: Python's multiprocessing locks.
(allow ipc-posix-sem)
; Left out on purpose: com.apple.SecurityServer and com.apple.securityd.xpc (the keychain, a credential
; store), com.apple.trustd.agent (it fetches certificate data itself, outside the sandbox and the proxy),
; LaunchServices (open(1) would start an application outside the sandbox), the window server, fonts, audio.

; Reading: the whole file system (the read-denied paths are taken back at the end), the working directory too.
(allow file-read*)
(allow file-read* (subpath "/Users/ada/project"))

; Writing: the private temporary folder (TMPDIR) and the writable paths. /tmp is shared with the host on macOS
; and cannot be made private, so it stays read-only.
(allow file-write* (subpath "/private/var/folders/zz/abc/T/toolwright-1"))
(allow file-write* (subpath "/Users/ada/project"))
; Devices: /dev/null takes output; /dev/fd/N (/dev/stdout and /dev/stderr link there) reopens a descriptor the
; command holds, with no more access than it has; dyld registers the DTrace probes of node, python and others
; with /dev/dtracehelper. No /dev/tty and no pseudo-terminal: commands run without a terminal.
(allow file-write-data file-ioctl (require-all (literal "/dev/null") (vnode-type CHARACTER-DEVICE)))
(allow file-write-data (subpath "/dev/fd"))
(allow file-write-data file-ioctl (require-all (literal "/dev/dtracehelper") (vnode-type CHARACTER-DEVICE)))

; Network: only the shell's filtering proxy on the loopback, which lets the allowed domains through.
(allow network-outbound (remote ip "localhost:8877"))

; Denials come last: Seatbelt applies the last rule that matches, so these win over every allow above.
; Read-denied paths: neither read nor listed, nor written, moved or deleted (a secret moved elsewhere could be read).
(deny file-read* file-write* (subpath "/Users/ada/.ssh"))
(deny file-read* file-write* (literal "/Users/ada/project/.env"))
; Protected paths stay read-only inside the writable paths.
(deny file-write* (subpath "/Users/ada/project/.git/hooks"))
(deny file-write* (subpath "/Users/ada/project/.git/config"))
; The folders above those paths cannot be moved or deleted: a rename would carry a path out from under its rule.
(deny file-write-unlink (literal "/Users/ada/project"))
(deny file-write-unlink (literal "/Users/ada/project/.git"))
; No name lookups, even with the proxy (it resolves names itself): mDNSResponder would answer from outside.
(deny mach-lookup (global-name "com.apple.dnssd.service"))
(deny network-outbound (remote unix-socket (path-literal "/private/var/run/mDNSResponder")))
; No unix socket of the host (ssh-agent, docker.sock, D-Bus): the policy does not allow them.
(deny network-outbound (remote unix-socket))
`;

describe('seatbeltProfile', () => {
  it('SB-1: the profile of a representative policy, exactly', () => {
    expect(seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP, proxyPort: 8877 })).toBe(GOLDEN);
  });

  it('SB-1: reads as balanced SBPL whose first forms are (version 1) and (deny default)', () => {
    const forms = readSbpl(seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP, proxyPort: 8877 })).map(writeForm);
    expect(forms.slice(0, 2)).toEqual(['(version 1)', '(deny default)']);
    expect(forms.every((form) => /^\((version|allow|deny) /.test(form))).toBe(true);
  });

  it('SB-1: every deny but the default comes after every allow (the last matching rule wins)', () => {
    for (const policy of [POLICY, { ...POLICY, allowUnixSockets: true }, BARE]) {
      const forms = readSbpl(seatbeltProfile(policy, { privateTmp: PRIVATE_TMP })).map(writeForm);
      const lastAllow = forms.findLastIndex((form) => form.startsWith('(allow '));
      const firstDeny = forms.findIndex((form, index) => index > 1 && form.startsWith('(deny '));
      expect(lastAllow).toBeGreaterThan(0);
      expect(firstDeny).toBeGreaterThan(lastAllow);
    }
  });

  it('SB-1: protected denies follow the writable allows, read denies follow the read allows', () => {
    const lines = ruleLines(seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP }));
    const at = (line: string) => {
      expect(lines).toContain(line);
      return lines.indexOf(line);
    };
    const writeAllows = [
      at(`(allow file-write* (subpath "${PRIVATE_TMP}"))`),
      at('(allow file-write* (subpath "/Users/ada/project"))'),
    ];
    const readAllows = [at('(allow file-read*)'), at('(allow file-read* (subpath "/Users/ada/project"))')];
    for (const deny of [
      '(deny file-write* (subpath "/Users/ada/project/.git/hooks"))',
      '(deny file-write* (subpath "/Users/ada/project/.git/config"))',
      '(deny file-read* file-write* (literal "/Users/ada/project/.env"))',
      '(deny file-write-unlink (literal "/Users/ada/project/.git"))',
    ]) {
      expect(at(deny)).toBeGreaterThan(Math.max(...writeAllows));
    }
    for (const deny of [
      '(deny file-read* file-write* (subpath "/Users/ada/.ssh"))',
      '(deny file-read* file-write* (literal "/Users/ada/project/.env"))',
    ]) {
      expect(at(deny)).toBeGreaterThan(Math.max(...readAllows));
    }
  });

  it('SB-1: a working directory inside a read-denied folder stays denied (its allow comes first)', () => {
    const policy = {
      ...BARE,
      cwd: '/Users/ada/.ssh/keys',
      readDenied: [{ path: '/Users/ada/.ssh', folder: true, why: 'secret' }],
    };
    const lines = ruleLines(seatbeltProfile(policy, { privateTmp: PRIVATE_TMP }));
    expect(lines.indexOf('(deny file-read* file-write* (subpath "/Users/ada/.ssh"))')).toBeGreaterThan(
      lines.indexOf('(allow file-read* (subpath "/Users/ada/.ssh/keys"))'),
    );
  });

  it('SB-1: a read-denied folder is a subpath, a read-denied file a literal; secrets in the private tmp folder are pinned too', () => {
    const policy = {
      ...BARE,
      readDenied: [
        { path: `${PRIVATE_TMP}/keys`, folder: true, why: 'secret' },
        { path: `${PRIVATE_TMP}/keys.pem`, folder: false, why: 'secret' },
      ],
    };
    const lines = ruleLines(seatbeltProfile(policy, { privateTmp: PRIVATE_TMP }));
    expect(lines.filter((line) => /^\(deny file-(read|write)/.test(line))).toEqual([
      `(deny file-read* file-write* (subpath "${PRIVATE_TMP}/keys"))`,
      `(deny file-read* file-write* (literal "${PRIVATE_TMP}/keys.pem"))`,
      `(deny file-write-unlink (literal "${PRIVATE_TMP}"))`,
    ]);
  });

  it('SB-1: with nothing writable, only the private tmp folder and the devices take writes; /tmp never does', () => {
    const lines = ruleLines(seatbeltProfile(BARE, { privateTmp: PRIVATE_TMP }));
    expect(lines.filter((line) => line.includes('file-write'))).toEqual([
      `(allow file-write* (subpath "${PRIVATE_TMP}"))`,
      '(allow file-write-data file-ioctl (require-all (literal "/dev/null") (vnode-type CHARACTER-DEVICE)))',
      '(allow file-write-data (subpath "/dev/fd"))',
      '(allow file-write-data file-ioctl (require-all (literal "/dev/dtracehelper") (vnode-type CHARACTER-DEVICE)))',
    ]);
    expect(lines.some((line) => line.includes('/dev/tty'))).toBe(false);
  });

  it('SB-1: network off: no network rule allows anything, and DNS is denied', () => {
    const lines = ruleLines(seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP }));
    expect(lines.filter((line) => /network|system-socket|dnssd/.test(line))).toEqual([
      '(deny mach-lookup (global-name "com.apple.dnssd.service"))',
      '(deny network-outbound (remote unix-socket (path-literal "/private/var/run/mDNSResponder")))',
      '(deny network-outbound (remote unix-socket))',
    ]);
  });

  it('SB-3: network through the proxy: the one outbound rule is its loopback port, and DNS stays denied', () => {
    const lines = ruleLines(seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP, proxyPort: 41234 }));
    expect(lines.filter((line) => /network|system-socket|dnssd/.test(line))).toEqual([
      '(allow network-outbound (remote ip "localhost:41234"))',
      '(deny mach-lookup (global-name "com.apple.dnssd.service"))',
      '(deny network-outbound (remote unix-socket (path-literal "/private/var/run/mDNSResponder")))',
      '(deny network-outbound (remote unix-socket))',
    ]);
  });

  it('SB-1: unix sockets allowed: create, bind and connect, with mDNSResponder still denied after them', () => {
    const lines = ruleLines(seatbeltProfile({ ...POLICY, allowUnixSockets: true }, { privateTmp: PRIVATE_TMP }));
    expect(lines.filter((line) => /network|system-socket|dnssd/.test(line))).toEqual([
      '(allow system-socket (socket-domain AF_UNIX))',
      '(allow network-bind (local unix-socket))',
      '(allow network-outbound (remote unix-socket))',
      '(deny mach-lookup (global-name "com.apple.dnssd.service"))',
      '(deny network-outbound (remote unix-socket (path-literal "/private/var/run/mDNSResponder")))',
    ]);
  });

  it('SB-1: no rule shows host processes or reaches the keychain, LaunchServices or trustd', () => {
    const lines = ruleLines(
      seatbeltProfile({ ...POLICY, allowUnixSockets: true }, { privateTmp: PRIVATE_TMP, proxyPort: 1 }),
    );
    expect(lines.filter((line) => line.includes('target'))).toEqual([
      '(allow signal (target same-sandbox))',
      '(allow process-info* (target same-sandbox))',
    ]);
    expect(
      lines.filter((line) => /kern\.proc|SecurityServer|securityd|launchservices|lsd|trustd|no-sandbox/i.test(line)),
    ).toEqual([]);
  });

  it('SB-1: escapes backslash and double quote in every path', () => {
    const odd = '/Users/ada/we"ird\\dir';
    const policy = {
      cwd: odd,
      writable: [odd],
      protected: [`${odd}/p`],
      readDenied: [{ path: `${odd}/s`, folder: false, why: 'secret' }],
      allowedDomains: [],
      allowUnixSockets: false,
    };
    const lines = ruleLines(seatbeltProfile(policy, { privateTmp: `${odd}/tmp` }));
    const quoted = '"/Users/ada/we\\"ird\\\\dir';
    expect(lines).toEqual(
      expect.arrayContaining([
        `(allow file-read* (subpath ${quoted}"))`,
        `(allow file-write* (subpath ${quoted}/tmp"))`,
        `(allow file-write* (subpath ${quoted}"))`,
        `(deny file-read* file-write* (literal ${quoted}/s"))`,
        `(deny file-write* (subpath ${quoted}/p"))`,
        `(deny file-write-unlink (literal ${quoted}"))`,
      ]),
    );
  });

  it('SB-1: a path written to break out of its string cannot add a rule, wherever it is placed', () => {
    const hostile = [
      '/Users/ada/x") (allow file-write* (subpath "/")',
      '/Users/ada/x\\") (allow file-write* (subpath "/")) ("',
      '/Users/ada/x" ; (allow default)',
      '/Users/ada/x\\',
      '/Users/ada/x")) (allow network*) ((("',
    ];
    const placements: ((path: string) => [ResolvedSandboxPolicy, string])[] = [
      (path) => [{ ...POLICY, cwd: path }, PRIVATE_TMP],
      (path) => [{ ...POLICY, writable: [path] }, PRIVATE_TMP],
      (path) => [{ ...POLICY, protected: [path] }, PRIVATE_TMP],
      (path) => [{ ...POLICY, readDenied: [{ path, folder: true, why: 'secret' }] }, PRIVATE_TMP],
      (path) => [{ ...POLICY, readDenied: [{ path, folder: false, why: 'secret' }] }, PRIVATE_TMP],
      (path) => [POLICY, path],
    ];
    const benign = '/Users/ada/benign';
    const read = ([policy, privateTmp]: [ResolvedSandboxPolicy, string]) =>
      readSbpl(seatbeltProfile(policy, { privateTmp })).map(writeForm);
    for (const place of placements) {
      const expected = read(place(benign));
      for (const path of hostile) {
        // The same forms as with a plain path, that path's string replaced by the hostile one.
        expect(read(place(path))).toEqual(
          expected.map((form) => form.replaceAll(JSON.stringify(benign), JSON.stringify(path))),
        );
      }
    }
    expect(read(placements[1]!('/Users/ada/x") (allow file-write* (subpath "/")'))).toContain(
      '(allow file-write* (subpath "/Users/ada/x\\") (allow file-write* (subpath \\"/\\")"))',
    );
  });

  it('SB-1: refuses every kind of path with a sentence naming it and its role', () => {
    expect(refusal(() => seatbeltProfile({ ...BARE, cwd: 'project' }, { privateTmp: PRIVATE_TMP }))).toBe(
      'The working directory "project" is not absolute: pass its canonical absolute path.',
    );
    expect(refusal(() => seatbeltProfile(BARE, { privateTmp: '/tmp/toolwright-1' }))).toBe(
      'The private temporary folder "/tmp/toolwright-1" goes through the symbolic link /tmp, which a Seatbelt rule never matches: pass "/private/tmp/toolwright-1" instead.',
    );
    expect(
      refusal(() => seatbeltProfile({ ...BARE, writable: ['/Users/ada/a\u0000b'] }, { privateTmp: PRIVATE_TMP })),
    ).toBe(
      'The writable path "/Users/ada/a\\u0000b" holds a control character, which no Seatbelt rule can name: leave that path out of the policy.',
    );
    expect(
      refusal(() =>
        seatbeltProfile({ ...BARE, protected: ['/Users/ada/p\n(allow default)'] }, { privateTmp: PRIVATE_TMP }),
      ),
    ).toBe(
      'The protected path "/Users/ada/p\\n(allow default)" holds a control character, which no Seatbelt rule can name: leave that path out of the policy.',
    );
    expect(
      refusal(() =>
        seatbeltProfile(
          { ...BARE, readDenied: [{ path: '/Users/ada/../.ssh', folder: true, why: 'secret' }] },
          { privateTmp: PRIVATE_TMP },
        ),
      ),
    ).toBe(
      'The read-denied path "/Users/ada/../.ssh" is not canonical: resolve its "." and ".." segments and drop repeated and trailing slashes.',
    );
  });

  it('SB-3: refuses a proxy port that is no TCP port, or one given for a policy without network', () => {
    const message = (port: number) => `The proxy port ${port} is not a TCP port: pass an integer from 1 to 65535.`;
    for (const port of [0, -1, 65_536, 1.5, Number.NaN]) {
      expect(refusal(() => seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP, proxyPort: port }))).toBe(message(port));
    }
    expect(refusal(() => seatbeltProfile(BARE, { privateTmp: PRIVATE_TMP, proxyPort: 8877 }))).toBe(
      'A proxy port was given for a policy that allows no network: leave the port out, or name the allowed domains.',
    );
    expect(ruleLines(seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP, proxyPort: 65_535 }))).toContain(
      '(allow network-outbound (remote ip "localhost:65535"))',
    );
  });

  it('SB-1: the same policy gives the same profile, and the policy is not changed', () => {
    const frozen = structuredClone(POLICY);
    expect(seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP })).toBe(
      seatbeltProfile(POLICY, { privateTmp: PRIVATE_TMP }),
    );
    expect(POLICY).toEqual(frozen);
  });
});

describe('seatbeltCommand', () => {
  it('SB-1: runs bash -c under the profile with the system sandbox-exec, each part one argument', () => {
    expect(seatbeltCommand('(version 1)\n(deny default)\n', '/bin/bash', 'echo "a b" | wc -c')).toEqual({
      file: '/usr/bin/sandbox-exec',
      args: ['-p', '(version 1)\n(deny default)\n', '/bin/bash', '-c', 'echo "a b" | wc -c'],
    });
  });
});

describe('probeSeatbelt', () => {
  it('SB-4: on macOS with sandbox-exec there, the answer is the probe of /usr/bin/true under an allow-all profile', () => {
    const runs: [string, string[]][] = [];
    const run = (answer: boolean) => (file: string, args: string[]) => {
      runs.push([file, args]);
      return answer;
    };
    expect(probeSeatbelt('darwin', () => true, run(true))).toBe(true);
    expect(probeSeatbelt('darwin', () => true, run(false))).toBe(false);
    expect(runs).toEqual([
      ['/usr/bin/sandbox-exec', ['-p', '(version 1)(allow default)', '/usr/bin/true']],
      ['/usr/bin/sandbox-exec', ['-p', '(version 1)(allow default)', '/usr/bin/true']],
    ]);
  });

  it('SB-4: elsewhere, or without sandbox-exec, false without running anything', () => {
    const checked: string[] = [];
    const exists = (answer: boolean) => (path: string) => {
      checked.push(path);
      return answer;
    };
    const never = () => {
      throw new Error('The probe ran.');
    };
    expect(probeSeatbelt('linux', exists(true), never)).toBe(false);
    expect(probeSeatbelt('win32', exists(true), never)).toBe(false);
    expect(checked).toEqual([]);
    expect(probeSeatbelt('darwin', exists(false), never)).toBe(false);
    expect(checked).toEqual(['/usr/bin/sandbox-exec']);
  });
});

describe('seatbeltAvailable', () => {
  it.runIf(process.platform !== 'darwin')('SB-4: false on this machine, without spawning anything', () => {
    expect(seatbeltAvailable()).toBe(false);
    expect(seatbeltAvailable()).toBe(false);
    expect(spawned.calls).toBe(0);
  });
});
