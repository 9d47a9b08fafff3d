import { resolve } from 'node:path';
import type { SandboxSetting } from '@toolwright/shell';
import { UsageError } from '../errors/usage-error.js';
import { permissionsFrom, type GateFlagValues, type SettingsFiles } from './gate-flags.js';
import { sandboxSettingFrom, type SandboxFlagValues } from './sandbox-flags.js';

/**
 * The sandbox of the builtin Bash tools for `call` and `serve`, from the flags and the rules —
 * checked before anything loads. The flags are about the builtin Bash tools: with a plugin module
 * (its tools run where its code says) anything but the default is a usage error, never silently
 * ignored. With `--shell` (a remote host) `--sandbox` is the mode of the host's own sandbox, and
 * the flags that widen this machine's (`--allow-net`, `--allow-write-path`) are a usage error.
 * A `--settings` file's sandbox block is about the builtin Bash tools too: with a plugin module it
 * has nothing to apply to, and with `--shell` only its `failIfUnavailable` applies (as `required`),
 * since its folders and domains are this machine's.
 */
export function sandboxFor(
  values: GateFlagValues & SandboxFlagValues,
  specifier: string,
  remote: boolean,
  cwd: string,
  settings?: SettingsFiles,
): SandboxSetting {
  const fromSettings = remote || specifier !== 'builtin' ? undefined : settings?.sandbox;
  const setting = sandboxSettingFrom(
    values,
    permissionsFrom(values, settings),
    resolve(cwd, values.cwd ?? '.'),
    fromSettings,
  );
  const widened =
    values.sandbox !== 'auto' || values['allow-net'] !== undefined || values['allow-write-path'] !== undefined;
  if (widened && specifier !== 'builtin')
    throw new UsageError(
      `--sandbox, --allow-net and --allow-write-path apply to the builtin Bash tools; the tools of ${specifier} run where their code says`,
    );
  if (!remote) return setting;
  if (values['allow-net'] !== undefined || values['allow-write-path'] !== undefined)
    throw new UsageError(
      "--allow-net and --allow-write-path widen this machine's sandbox; the commands of --shell run in the remote host's, which writes their working directory and a private /tmp and reaches no network",
    );
  // Checked by sandboxSettingFrom above: one of the three modes.
  if (values.sandbox === 'auto' && settings?.sandbox?.required === true) return 'required';
  return values.sandbox as 'auto' | 'required' | 'off';
}
