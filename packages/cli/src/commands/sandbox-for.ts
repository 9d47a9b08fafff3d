import { resolve } from 'node:path';
import type { SandboxSetting } from '@toolwright/shell';
import { UsageError } from '../errors/usage-error.js';
import { permissionsFrom, type GateFlagValues } from './gate-flags.js';
import { sandboxSettingFrom, type SandboxFlagValues } from './sandbox-flags.js';

/**
 * The sandbox of the builtin Bash tools for `call` and `serve`, from the flags and the rules —
 * checked before anything loads. The flags are about this machine's builtin Bash tools: with a
 * plugin module (its tools run where its code says) or `--shell` (a remote host, whose sandbox is
 * the remote shell's) anything but the default is a usage error, never silently ignored.
 */
export function sandboxFor(
  values: GateFlagValues & SandboxFlagValues,
  specifier: string,
  remote: boolean,
  cwd: string,
): SandboxSetting {
  const setting = sandboxSettingFrom(values, permissionsFrom(values), resolve(cwd, values.cwd ?? '.'));
  const widened =
    values.sandbox !== 'auto' || values['allow-net'] !== undefined || values['allow-write-path'] !== undefined;
  if (widened && specifier !== 'builtin')
    throw new UsageError(
      `--sandbox, --allow-net and --allow-write-path apply to the builtin Bash tools; the tools of ${specifier} run where their code says`,
    );
  if (widened && remote)
    throw new UsageError(
      '--sandbox, --allow-net and --allow-write-path apply to this machine; the commands of --shell run on the remote host, unsandboxed (its banner says sandbox: none)',
    );
  return setting;
}
