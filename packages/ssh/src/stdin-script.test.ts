import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { stdinScript } from './stdin-script.js';

/** Runs an exec request as sshd would (`bash -c`), with `input` on its stdin. */
function runRequest(exec: string, input: Buffer | string): { status: number | null; stdout: string } {
  const run = spawnSync('bash', ['-c', exec], { input, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout };
}

describe('stdinScript', () => {
  it('RS-2: the exec request stays small and fixed; the script, of any size and bytes, arrives as input and runs', () => {
    const quotes = "'\\''".repeat(50_000);
    const script = `printf '%s|' "$$" >/dev/null; printf %s '${quotes}' | wc -c; printf '%s\\n' 'é 😀 $HOME \`x\` "q"'`;
    const { exec, input } = stdinScript(script);
    expect(exec.length).toBeLessThan(200);
    expect(exec).toBe(
      `exec bash --noprofile --norc -c 'script=$(head -c ${input.length}) && [[ $script == *"# end of the toolwright script" ]] || exit 96; eval "$script"'`,
    );
    expect(runRequest(exec, input)).toEqual({ status: 0, stdout: '50000\né 😀 $HOME `x` "q"\n' });
  });

  it('RS-2: what follows the script on stdin is left for the script to read', () => {
    const { exec, input } = stdinScript('IFS= read -r line; printf "after: %s\\n" "$line"');
    expect(runRequest(exec, Buffer.concat([input, Buffer.from('the rest\n')]))).toEqual({
      status: 0,
      stdout: 'after: the rest\n',
    });
  });

  it('RS-2: a script that did not arrive whole runs nothing', () => {
    const { exec, input } = stdinScript('echo ran');
    for (const cut of [0, 1, input.length - 1])
      expect(runRequest(exec, input.subarray(0, cut)), `${cut}`).toEqual({ status: 96, stdout: '' });
  });
});
