import { posix } from 'node:path';
import { sandboxPathsFromPermissions, type ClaudeSandboxSettings, type PermissionConfig } from '@toolwright/gate';
import type { SandboxSetting } from '@toolwright/shell';
import { checkDomainRule } from '@toolwright/shell/internal';
import { UsageError } from '../errors/usage-error.js';

/** The sandbox flags of the builtin Bash tools, as `node:util` `parseArgs` options (call and serve). */
export const SANDBOX_FLAG_OPTIONS = {
  sandbox: { type: 'string', default: 'auto' },
  'allow-net': { type: 'string', multiple: true },
  'allow-write-path': { type: 'string', multiple: true },
} as const;

/** The help lines of the sandbox flags. */
export const SANDBOX_FLAGS_HELP = `  --sandbox <mode>    the kernel sandbox around the builtin Bash tools' commands: auto (default:
                      bubblewrap where installed, else none, as the banner says), required (refuse
                      to start without one), off; with --shell, the remote host's bubblewrap
  --allow-net <domain>  let commands reach this domain over HTTP(S) through the sandbox's proxy
                      (example.com, *.example.com; repeatable); without it, no network
  --allow-write-path <dir>  let commands write here too (repeatable); by default they write where
                      the Write and Edit allow rules say, else in --cwd, and in a private /tmp
`;

/** The values `parseArgs` gives for {@link SANDBOX_FLAG_OPTIONS}. */
export interface SandboxFlagValues {
  readonly sandbox: string;
  readonly 'allow-net'?: string[] | undefined;
  readonly 'allow-write-path'?: string[] | undefined;
}

/**
 * The sandbox the flags and the rules describe (SPEC SB-2, SB-4): `off`, or a policy whose
 * writable paths are the Write and Edit allow rules' folders (else the working directory) plus
 * every `--allow-write-path`, read-only inside them what Write and Edit deny and ask rules name,
 * unreadable what Read deny rules name, and the `--allow-net` domains. `required` refuses to run
 * without a sandbox; `auto` applies the policy where one is available. A `--settings` file's
 * sandbox block (`fromSettings`) adds its folders and domains as the flags would, makes `auto`
 * `required` when it says `failIfUnavailable`, and opens the Unix sockets when it says
 * `allowAllUnixSockets`; `--sandbox off` is the user's own word and wins over it. Every flag is
 * checked first: a mistake is a usage error before anything starts.
 */
export function sandboxSettingFrom(
  values: SandboxFlagValues,
  permissions: PermissionConfig | undefined,
  cwd: string,
  fromSettings?: ClaudeSandboxSettings,
): SandboxSetting {
  const mode = values.sandbox;
  if (mode !== 'auto' && mode !== 'required' && mode !== 'off')
    throw new UsageError(`--sandbox must be auto, required or off, not ${mode}`);
  const given = values['allow-net'] ?? [];
  for (const domain of given) {
    const problem = checkDomainRule(domain);
    if (problem !== undefined) throw new UsageError(`--allow-net: ${problem}`);
  }
  const paths = sandboxPathsFromPermissions(permissions, cwd);
  // `domain:` allow rules (`WebFetch(domain:example.com)`) open the sandbox's network too.
  for (const domain of paths.allowedDomains) {
    const problem = checkDomainRule(domain);
    if (problem !== undefined) throw new UsageError(`the rule for domain:${domain}: ${problem}`);
  }
  for (const domain of fromSettings?.allowedDomains ?? []) {
    const problem = checkDomainRule(domain);
    if (problem !== undefined) throw new UsageError(`sandbox.network.allowedDomains of --settings: ${problem}`);
  }
  const settingsDomains = fromSettings?.allowedDomains ?? [];
  const domains = [...new Set([...given, ...(mode === 'off' ? [] : [...paths.allowedDomains, ...settingsDomains])])];
  const extra = (values['allow-write-path'] ?? []).map((path) => {
    if (path === '' || path.includes('\0'))
      throw new UsageError(`--allow-write-path takes a folder, not ${JSON.stringify(path)}`);
    return posix.resolve(cwd, path);
  });
  if (mode === 'off') {
    if (given.length > 0 || extra.length > 0)
      throw new UsageError('--allow-net and --allow-write-path widen the sandbox; with --sandbox off there is none');
    return 'off';
  }
  return {
    writable: [...(paths.writable ?? [cwd]), ...extra, ...(fromSettings?.writable ?? [])],
    readOnly: [...paths.readOnly, ...(fromSettings?.readOnly ?? [])],
    readDenied: [...paths.readDenied, ...(fromSettings?.readDenied ?? [])],
    network: domains.length === 0 ? 'none' : { allowedDomains: domains },
    ...(fromSettings?.allowUnixSockets === true ? { allowUnixSockets: true } : {}),
    required: mode === 'required' || fromSettings?.required === true,
  };
}
