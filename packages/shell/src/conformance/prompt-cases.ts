import { expect, it } from 'vitest';
import { CASE_TIMEOUT_MS, run, type CaseContext } from './case-context.js';
import { survivors } from './host-processes.js';

/**
 * SH-5: nothing waits for a person — stdin is closed, there is no terminal, and the environment
 * turns pagers, editors and credential prompts off. Every command here would wait forever for an
 * answer otherwise: ending before its far-away timeout is the guarantee.
 */
export function describePromptCases(context: CaseContext): void {
  const { target } = context;

  it(
    'SH-5: stdin is closed: `read` gets end-of-file (status 1) at once and `cat` ends',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `read x; echo "[$x] $?"; cat; echo end # ${t.id}`, { timeoutMs: 120_000 });
      expect(value).toMatchObject({ exitCode: 0, stdout: '[] 1\nend\n', stderr: '', timedOut: false });
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-5: there is no terminal: `cat /dev/tty` fails at once with an error',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `cat /dev/tty # ${t.id}`, { timeoutMs: 120_000 });
      expect(value).toMatchObject({ exitCode: 1, timedOut: false });
      expect(value.stderr).toContain('/dev/tty');
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-5: the environment disables pagers, editors and prompts',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(shell, `echo $PAGER $GIT_EDITOR $GIT_TERMINAL_PROMPT # ${t.id}`);
      expect(value).toMatchObject({ exitCode: 0, stdout: 'cat true 0\n' });
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-5: `git commit` without -m does not wait for an editor, and `git log` not for a pager',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const folder = await context.folder(shell);
      const setup = await run(
        shell,
        `git init -q . && git config user.name Tester && git config user.email tester@example.com && ` +
          `echo content > file.txt && git add file.txt # ${t.id}`,
        { cwd: folder },
      );
      expect(setup.value).toMatchObject({ exitCode: 0, stderr: '' });
      const commit = await run(shell, `git commit # ${t.id}`, { cwd: folder, timeoutMs: 120_000 });
      expect(commit.value).toMatchObject({ exitCode: 1, timedOut: false });
      expect(commit.value.stderr).toMatch(/empty commit message/i);
      const log = await run(shell, `git commit -q -m first && git log --format=%s # ${t.id}`, {
        cwd: folder,
        timeoutMs: 120_000,
      });
      expect(log.value).toMatchObject({ exitCode: 0, stdout: 'first\n', timedOut: false });
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-5: a git credential prompt does not wait: no username, no password, at once',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const { value } = await run(
        shell,
        `printf 'protocol=https\\nhost=example.com\\n\\n' | git credential fill # ${t.id}`,
        {
          timeoutMs: 120_000,
        },
      );
      expect(value.timedOut).toBe(false);
      // Either an askpass that answers nothing, or git refusing to prompt.
      if (value.exitCode === 0) expect(value.stdout).toBe('protocol=https\nhost=example.com\nusername=\npassword=\n');
      else expect(value.stderr).toContain('terminal prompts disabled');
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'SH-5: an ssh passphrase prompt does not wait: the key is refused at once',
    async () => {
      const shell = await context.shell();
      const t = context.token();
      const folder = await context.folder(shell);
      const made = await run(shell, `ssh-keygen -q -t ed25519 -N 'secret-${t.id}' -f key`, { cwd: folder });
      expect(made.value).toMatchObject({ exitCode: 0, stderr: '' });
      const { value } = await run(shell, `ssh-keygen -y -f key # ${t.id}`, { cwd: folder, timeoutMs: 120_000 });
      expect(value).toMatchObject({ exitCode: 255, stdout: '', timedOut: false });
      expect(value.stderr).toContain('incorrect passphrase');
      expect(await survivors(target, t.id)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
}
