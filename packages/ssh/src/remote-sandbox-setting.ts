// The `sandbox` option of an SshShell, checked: what the host's bubblewrap can apply, or an error.
import { ShellOptionsError, type SandboxPolicy, type SandboxSetting } from '@toolwright/shell';
import { checkSandboxSetting, isGlob } from '@toolwright/shell/internal';

/** A checked setting: whether a sandbox is wanted, required, and the policy stated (or none: the default one). */
export interface RemoteSandboxSetting {
  readonly wanted: boolean;
  readonly required: boolean;
  readonly policy: SandboxPolicy | undefined;
}

/**
 * Checks `value` as LocalShell does (modes, policy keys, absolute paths, domain rules), and
 * refuses what the host's sandbox cannot apply yet rather than run with less: allowed domains
 * (the filtering proxy runs on this machine and is not bridged to SSH hosts; their sandbox has no
 * network) and globs in `readOnly` or `readDenied` (the paths are resolved on the host literally).
 */
export function checkRemoteSandboxSetting(value: unknown): RemoteSandboxSetting {
  const setting: SandboxSetting = checkSandboxSetting(value);
  if (typeof setting === 'string')
    return { wanted: setting !== 'off', required: setting === 'required', policy: undefined };
  const network = setting.network;
  if (network !== undefined && network !== 'none' && network.allowedDomains.length > 0)
    throw new ShellOptionsError(
      "SshShell's sandbox has no network: sandbox.network must be 'none' (the filtering proxy for allowed domains runs on this machine and is not bridged to SSH hosts)",
    );
  for (const key of ['readOnly', 'readDenied'] as const) {
    const glob = setting[key]?.find(isGlob);
    if (glob !== undefined)
      throw new ShellOptionsError(
        `SshShell's sandbox resolves sandbox.${key} paths on the host as they are written: name each path, not the glob ${JSON.stringify(glob)}`,
      );
  }
  return { wanted: true, required: setting.required !== false, policy: setting };
}
