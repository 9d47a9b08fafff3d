// What the sandbox refused, told in words the model can act on (SPEC SB-5).
import { isInside } from '@toolwright/core/node';
import { posix } from 'node:path';
import type { ResolvedSandboxPolicy } from '../sandbox-policy.js';

/** At most this many refusals are named per command: the first ones tell the model what it needs. */
export const MAX_SANDBOX_REFUSALS = 5;

const READ_ONLY = /read-only file system|\bEROFS\b/i;
const PERMISSION_DENIED = /permission denied|\bEACCES\b/i;
const NO_NETWORK =
  /could not resolve host|temporary failure in name resolution|name or service not known|network is unreachable|\bENETUNREACH\b|getaddrinfo (?:ENOTFOUND|EAI_AGAIN)|no address associated with hostname|failed to resolve|name resolution/i;
const QUOTED = /['‘"`]([^'’"`\n]+)['’"`]/;
// `bash: line 1: /etc/x: Read-only file system`, `sh: 1: cannot create /etc/x: Read-only file system`
// (an unquoted path holds no space: `cp: error writing: …` names none)
const SHELL_FORM =
  /^(?:[^:\n]+: )?(?:line \d+: |\d+: )?(?:cannot create )?([^:\s]+): (?:Read-only file system|Permission denied)/i;

/**
 * The sentences naming the sandbox's rule behind the errors a command printed (its stderr, as
 * captured): a write the file system refused (`/etc/hosts is read-only; writable: /work, /tmp`), a
 * read of a hidden path (`.env is unreadable: a secret (an environment file)`), a name that did
 * not resolve or a network that was unreachable (the network is off, or which domains are open).
 * Only what the sandbox explains is named: a "Permission denied" on a path it does not hide is the
 * file's own permission and says nothing here. At most {@link MAX_SANDBOX_REFUSALS}, each once.
 */
export function sandboxRefusals(stderr: string, policy: ResolvedSandboxPolicy): string[] {
  const found = new Set<string>();
  const writable = [...policy.writable, '/tmp'].join(', ');
  for (const line of stderr.split('\n')) {
    if (found.size >= MAX_SANDBOX_REFUSALS) break;
    if (READ_ONLY.test(line)) {
      const path = pathIn(line, policy.cwd);
      if (path === undefined)
        found.add(`the file system is read-only outside the writable paths; writable: ${writable}`);
      else if (policy.protected.some((kept) => isInside(path, kept)))
        found.add(
          `${path} stays read-only inside the workspace (git hooks, git config and login scripts run code outside the sandbox)`,
        );
      else found.add(`${path} is read-only; writable: ${writable}`);
    } else if (PERMISSION_DENIED.test(line)) {
      const path = pathIn(line, policy.cwd);
      const hidden = path === undefined ? undefined : policy.readDenied.find((entry) => isInside(path, entry.path));
      if (path !== undefined && hidden !== undefined) found.add(`${path} is unreadable: ${hidden.why}`);
    } else if (NO_NETWORK.test(line)) {
      found.add(
        policy.allowedDomains.length === 0
          ? 'the network is off: no host can be reached from here'
          : `only these domains are reached, through the sandbox's proxy: ${policy.allowedDomains.join(', ')}`,
      );
    }
  }
  return [...found];
}

/** The absolute path an error line names (quoted, or in a shell's `name: path: reason` form), or undefined. */
function pathIn(line: string, cwd: string): string | undefined {
  const named = QUOTED.exec(line)?.[1] ?? SHELL_FORM.exec(line)?.[1];
  if (named === undefined || named.trim() === '' || /\s(?:->|=>)\s/.test(named)) return undefined;
  return posix.resolve(cwd, named.trim());
}

/** The sandbox refusals a sandboxed command's errors show, as the result carries them (none: no key). */
export function refusalsOf(
  stderr: string,
  policy: ResolvedSandboxPolicy | undefined,
  proxied: readonly string[] = [],
): { sandboxRefusals?: string[] } {
  if (policy === undefined) return {};
  // What the proxy refused is exact; what the errors show comes after it.
  const refusals = [...new Set([...proxied, ...sandboxRefusals(stderr, policy)])].slice(0, MAX_SANDBOX_REFUSALS);
  return refusals.length === 0 ? {} : { sandboxRefusals: refusals };
}
