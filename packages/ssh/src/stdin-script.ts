// How a script reaches the host: as the first bytes of the session's stdin, not in the exec request.
// The exec request is one SSH packet (OpenSSH drops the whole connection, with every command on it,
// over a packet larger than 256 KiB or a request string holding a NUL byte), so it carries only a
// fixed bootstrap and a byte count; the script, of any size, follows as channel data.

/** The last line of every script sent this way: the bootstrap runs nothing unless the whole script arrived. */
const END = '# end of the toolwright script';

/** What to send for one script: the exec request, and the bytes to write to the session's stdin first. */
export interface StdinScript {
  /** A line any login shell runs: `exec bash --noprofile --norc -c '…'` with the script's length. */
  readonly exec: string;
  /** The script, to write to the channel at once; the channel's input stays open after it. */
  readonly input: Buffer;
}

/**
 * Packs `script` (bash) so that a bootstrap on the host reads exactly its bytes from stdin
 * (`head -c`, which never reads past them), checks that it arrived whole, and evaluates it in the
 * bootstrap's own bash — so the script's `$$` is the process sshd started, and what stays on stdin
 * after it (the channel's end) is the script's to read.
 */
export function stdinScript(script: string): StdinScript {
  const input = Buffer.from(`${script}\n${END}`, 'utf8');
  const bootstrap = `script=$(head -c ${input.length}) && [[ $script == *"${END}" ]] || exit 96; eval "$script"`;
  return { exec: `exec bash --noprofile --norc -c '${bootstrap}'`, input };
}
