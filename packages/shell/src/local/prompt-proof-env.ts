/**
 * What every command's environment says so that nothing waits for a person (SPEC SH-5): pagers
 * print, editors return at once, git and ssh never prompt, package managers assume "yes".
 */
export const PROMPT_PROOF_ENV: Readonly<Record<string, string>> = Object.freeze({
  PAGER: 'cat',
  GIT_PAGER: 'cat',
  MANPAGER: 'cat',
  SYSTEMD_PAGER: '',
  EDITOR: 'true',
  VISUAL: 'true',
  GIT_EDITOR: 'true',
  GIT_SEQUENCE_EDITOR: 'true',
  GIT_TERMINAL_PROMPT: '0',
  GIT_ASKPASS: 'true',
  SSH_ASKPASS: 'true',
  GCM_INTERACTIVE: 'never',
  DEBIAN_FRONTEND: 'noninteractive',
  NPM_CONFIG_YES: 'true',
  PIP_NO_INPUT: '1',
  TERM: 'dumb',
});
