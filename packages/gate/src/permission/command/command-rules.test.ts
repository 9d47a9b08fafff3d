import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbstractTool, SafetyLevel, ToolInput } from '@toolwright/core';
import { afterAll, describe, expect, it } from 'vitest';
import type { PermissionConfig } from '../permission-config.js';
import { PermissionChecker } from '../permission-checker.js';

class Bash extends AbstractTool {
  constructor() {
    super({
      name: 'Bash',
      description: 'Runs a command',
      safety: SafetyLevel.BASH,
      inputSchema: { type: 'object', additionalProperties: false },
      subject: { kind: 'COMMAND', parameter: 'command' },
    });
  }
  protected run(): string {
    return 'ran';
  }
}
const bash = new Bash();

async function decide(config: PermissionConfig, command: string) {
  return PermissionChecker.create(config, [bash]).check(bash, ToolInput.of({ command }), '/', () => true);
}

/** Every way of running `rm` the gate must see through; each is run in real bash below, to show that it does run rm. */
const RM_SPELLINGS = [
  "'rm' -f x",
  '"rm" -f x',
  "r''m -f x",
  'r""m -f x',
  '\\rm -f x',
  'r\\m -f x',
  'RMDIR/rm -f x',
  './rm -f x',
  'FOO=1 rm -f x',
  "A=1 B='two words' rm -f x",
  'a[0]=1 rm -f x',
  'env rm -f x',
  'env -i PATH=BIN rm -f x',
  'env -u HOME FOO=1 rm -f x',
  "env -S 'rm -f x'",
  'env -- rm -f x',
  'command rm -f x',
  'command -- rm -f x',
  'builtin command rm -f x',
  'exec rm -f x',
  'exec -a other rm -f x',
  "eval 'rm -f x'",
  'eval rm -f x',
  'timeout 5 rm -f x',
  'timeout -s KILL -k 1 5 rm -f x',
  'timeout --signal=TERM 5s rm -f x',
  'nice rm -f x',
  'nice -n 5 rm -f x',
  'nice -5 rm -f x',
  'nohup rm -f x',
  'stdbuf -oL -e0 rm -f x',
  'time rm -f x',
  'time -p rm -f x',
  'setsid rm -f x',
  'setsid -w rm -f x',
  'flock LOCK rm -f x',
  "flock -n LOCK -c 'rm -f x'",
  'xargs rm -f x',
  'xargs -n 1 rm -f x',
  "bash -c 'rm -f x'",
  "sh -c 'rm -f x'",
  "bash -ec 'rm -f x'",
  "bash --norc -c 'rm -f x' name",
  'bash -c "env \'rm\' -f x"',
  'find . -maxdepth 0 -exec rm -f x {} +',
  'coproc rm -f x',
  '! rm -f x',
  "timeout 5 sudo -u root env -i PATH=BIN:/usr/bin:/bin bash -c 'nice rm -f x'",
];

describe('deny and ask rules fire on every spelling of their program (SPEC PM-3, PM-5)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tw-spellings-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const log = join(folder, 'rm.log');
  mkdirSync(join(folder, 'bin'));
  mkdirSync(join(folder, 'RMDIR'));
  for (const path of [join(folder, 'bin', 'rm'), join(folder, 'RMDIR', 'rm'), join(folder, 'rm')]) {
    writeFileSync(path, `#!/bin/bash\necho "rm $*" >> '${log}'\n`);
    chmodSync(path, 0o755);
  }
  // sudo may not be installed: a stand-in that runs what follows its options, as sudo does.
  writeFileSync(
    join(folder, 'bin', 'sudo'),
    '#!/bin/bash\nwhile [ "${1#-}" != "$1" ]; do [ "$1" = -u ] && shift; shift; done\nexec "$@"\n',
  );
  chmodSync(join(folder, 'bin', 'sudo'), 0o755);

  it.each(RM_SPELLINGS)('PM-3: %s really runs rm in bash, and Bash(rm:*) denies it', async (spelling) => {
    writeFileSync(log, '');
    const command = spelling.replaceAll('RMDIR', join(folder, 'RMDIR')).replaceAll('BIN', join(folder, 'bin'));
    // Run as written (a wait after it, for coproc's sake): bash itself shows that the spelling runs rm.
    const run = spawnSync('bash', ['--noprofile', '--norc', '-c', `${command}\nwait`], {
      cwd: folder,
      env: { PATH: `${join(folder, 'bin')}:/usr/bin:/bin` },
      encoding: 'utf8',
    });
    expect(run.error).toBeUndefined();
    expect(
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('rm -f x')),
    ).not.toEqual([]);
    for (const config of [
      { allow: ['Bash'], deny: ['Bash(rm:*)'] },
      { allow: ['Bash'], deny: ['Bash(rm -f:*)'] },
      { allow: ['Bash'], deny: ['Bash(/bin/rm:*)'] },
    ]) {
      const decision = await decide(config, command);
      expect(decision).toMatchObject({ allowed: false, decidedBy: 'deny' });
    }
    const asked = await PermissionChecker.create({ allow: ['Bash'], ask: ['Bash(rm:*)'] }, [bash]).check(
      bash,
      ToolInput.of({ command }),
      '/',
      () => false,
    );
    expect(asked).toMatchObject({ allowed: false, decidedBy: 'ask', rule: 'Bash(rm:*)' });
  });

  it('PM-3: the deny message names the rule the spelling matched', async () => {
    expect((await decide({ allow: ['Bash'], deny: ['Bash(rm:*)'] }, "env -i 'rm' -rf /tmp/x")).reason).toBe(
      "Permission denied: the Bash command 'env -i 'rm' -rf /tmp/x' matches the deny rule Bash(rm:*).",
    );
    expect(
      (await decide({ allow: ['Bash'], deny: ['Bash(git push:*)'] }, 'git -C repo --no-pager push -f')).reason,
    ).toBe(
      "Permission denied: the Bash command 'git -C repo --no-pager push -f' matches the deny rule Bash(git push:*).",
    );
    expect((await decide({ allow: ['Bash'], deny: ['Bash(rm -rf:*)'] }, 'rm   -rf  /')).decidedBy).toBe('deny');
  });

  it('PM-5: where the gate cannot tell which program runs, any deny rule on the tool fires, saying why', async () => {
    const deny = { allow: ['Bash'], deny: ['Bash(git push:*)'] };
    const cases: Array<[string, string]> = [
      ['/bin/r? x', "its program '/bin/r?' is a pattern the shell expands, so the gate cannot tell which program runs"],
      [
        '{rm,-rf,x}',
        "its program '{rm,-rf,x}' is a pattern the shell expands, so the gate cannot tell which program runs",
      ],
      ['FOO=1 r* x', "its program 'r*' is a pattern the shell expands, so the gate cannot tell which program runs"],
      ['~rm x', "its program '~rm' is a pattern the shell expands, so the gate cannot tell which program runs"],
      [
        'timeout {-s,KILL} 5 rm',
        "'timeout' runs a command the gate cannot tell: its option word '{-s,KILL}' is a pattern the shell expands",
      ],
      [
        'env {A=1,rm} x',
        "'env' runs a command the gate cannot tell: its option word '{A=1,rm}' is a pattern the shell expands",
      ],
      [
        'nice --frobnicate rm',
        "'nice' runs a command the gate cannot tell: it gives the option --frobnicate, which the gate does not know for this program",
      ],
      [
        'strace -f rm x',
        "'strace' runs another program in a way the gate does not read, so the gate cannot tell which program runs",
      ],
      [
        "su -c 'rm x'",
        "'su' runs another program in a way the gate does not read, so the gate cannot tell which program runs",
      ],
      ["echo 'unclosed", 'the shell cannot read it as written: unterminated single quote (at character 6)'],
      [
        'PATH=. ls',
        'it sets PATH, which changes which program runs or what it loads, so the gate cannot tell what runs',
      ],
      [
        'LD_PRELOAD=/tmp/x.so ls',
        'it sets LD_PRELOAD, which changes which program runs or what it loads, so the gate cannot tell what runs',
      ],
      [
        'GIT_PAGER=./x git log',
        'it sets GIT_PAGER, which changes which program runs or what it loads, so the gate cannot tell what runs',
      ],
      [
        'BASH_ENV=/tmp/x bash -c ls',
        'it sets BASH_ENV, which changes which program runs or what it loads, so the gate cannot tell what runs',
      ],
      [
        'env NODE_OPTIONS=--require=/tmp/x node app.js',
        "'env' runs a command the gate cannot tell: it sets NODE_OPTIONS, which changes which program runs or what it loads",
      ],
      ['git -c core.pager=x log', 'its option -c core.pager=x makes git run another program'],
      ["tar --to-command='sh x' -xf a.tar", 'its option tar --to-command=sh x makes tar run another program'],
      ['rsync -e x a b', 'its option rsync -e makes rsync run another program'],
    ];
    for (const [command, why] of cases) {
      expect((await decide(deny, command)).reason).toBe(
        `Permission denied: the Bash command '${command}' cannot be judged against the deny rule Bash(git push:*): ${why}.`,
      );
    }
  });

  it('PM-3: commands that run no denied program stay allowed (no false alarms from quoting, options or patterns in arguments)', async () => {
    const deny = { allow: ['Bash'], deny: ['Bash(rm:*)'] };
    for (const command of [
      'echo rm',
      "grep -r 'rm -rf' .",
      'ls *.ts',
      'find . -name "*.ts" -exec grep -l x {} +',
      'git log -c',
      'git -c color.ui=always log',
      '[ -f x ]',
      'timeout 5 ls',
      "bash -c 'echo rm'",
      'npm run rm',
      'rmdir empty',
      'env FOO=rm ls',
    ]) {
      expect(await decide(deny, command)).toMatchObject({ allowed: true, decidedBy: 'allow' });
    }
  });
});

describe('an allow rule for a program is not an allow rule for what it can start (SPEC PM-3, PM-5)', () => {
  const git = { allow: ['Bash(git:*)'] };
  it('PM-3: under Bash(git:*), options that make git run another program are refused', async () => {
    for (const command of [
      "git -c core.fsmonitor='touch PWNED' status",
      "git -c alias.x='!cmd' x",
      'git -c diff.external=./x diff',
      'git -c core.pager=./x log',
      "git -c core.sshCommand='sh x' fetch",
      'git -c Core.Pager=x log',
      'git -c include.path=/tmp/evil status',
      'git --exec-path=/tmp/evil log',
      'git --config-env=core.pager=PAGER_CMD log',
      'git --config-env core.editor=X commit',
      'git -C /tmp -c credential.helper=x fetch',
      "git rebase --exec 'make' main",
      'git rebase -ix make main',
      'git submodule foreach ls',
      'git bisect run ./x',
      "git ls-remote --upload-pack='touch x' .",
      'git fetch --upload-pack=x origin',
      'git push --receive-pack=x origin',
      'git clone -u x repo',
      'git clone --template=/tmp/t repo',
      "git filter-branch --tree-filter 'x' HEAD",
      'git difftool -x x',
      'git grep -O x pattern',
      'git config core.pager x',
      'git config --global alias.x !x',
      'git {-c,core.pager=x} log',
    ]) {
      const decision = await decide(git, command);
      expect(decision.allowed).toBe(false);
      expect(
        decision.reason.startsWith(`Permission denied: the Bash command '${command}' is not covered by Bash(git:*): `),
      ).toBe(true);
    }
    expect((await decide(git, 'git -c core.pager=./x log')).reason).toBe(
      "Permission denied: the Bash command 'git -c core.pager=./x log' is not covered by Bash(git:*): its option -c core.pager=./x makes git run another program; an allow rule covers it only when it names the option.",
    );
  });

  it('PM-3: plain git commands stay allowed, and a rule that names the option allows it', async () => {
    for (const command of [
      'git status',
      'git log -c',
      'git -C /tmp status',
      'git --no-pager log',
      'git -c color.ui=always log',
      'git config --get core.pager',
      'git rebase main',
      'git push origin main',
    ]) {
      expect(await decide(git, command)).toMatchObject({ allowed: true, rule: 'Bash(git:*)' });
    }
    expect(await decide({ allow: ['Bash(git -c core.pager=cat:*)'] }, 'git -c core.pager=cat log')).toMatchObject({
      allowed: true,
    });
    expect(await decide({ allow: ['Bash(git -c core.pager=cat log)'] }, 'git -c core.pager=cat log')).toMatchObject({
      allowed: true,
    });
    expect(
      (await decide({ allow: ['Bash(git -c core.pager=cat:*)'] }, 'git -c core.pager=cat -c core.editor=x commit'))
        .allowed,
    ).toBe(false);
  });

  it('PM-3: what a wrapper runs needs an allow rule of its own', async () => {
    const config = { allow: ['Bash(timeout:*)', 'Bash(nice:*)', 'Bash(make:*)', 'Bash(bash:*)'] };
    expect(await decide(config, 'timeout 60 make test')).toMatchObject({ allowed: true });
    expect(await decide(config, 'nice timeout 60 make')).toMatchObject({ allowed: true });
    for (const [command, inner] of [
      ['timeout 5 rm -rf x', "'rm -rf x'"],
      ['nice -n 5 curl x', "'curl x'"],
      ["bash -c 'rm x'", "'rm x'"],
      ['timeout 5 /usr/bin/make', "'/usr/bin/make'"],
    ] as const) {
      expect((await decide(config, command)).reason).toBe(
        `Permission denied: the Bash command '${command}' is not covered by Bash(${command.split(' ')[0]}:*): it runs ${inner} through a wrapper, and no allow rule covers that command.`,
      );
    }
    expect((await decide(config, 'timeout 5 make -c x')).allowed).toBe(true);
    // A rule that names what the wrapper runs covers it: the script, the command string, the wrapped program.
    const named = { allow: ['Bash(bash scripts/build.sh:*)', 'Bash(sh -c "make test":*)', 'Bash(timeout 60 make:*)'] };
    for (const command of [
      'bash scripts/build.sh --fast',
      'sh -c "make test"',
      'sh -c "make test" name',
      'timeout 60 make all',
    ]) {
      expect(await decide(named, command)).toMatchObject({ allowed: true });
    }
    for (const command of ['bash scripts/other.sh', 'sh -c "make clean"', 'timeout 60 rm x']) {
      expect((await decide(named, command)).allowed).toBe(false);
    }
    expect(
      (await decide({ allow: ['Bash(timeout:*)', 'Bash(git:*)'] }, 'timeout 5 git -c core.pager=x log')).allowed,
    ).toBe(false);
  });
});
