import type { SandboxKind, SandboxSetting } from '@toolwright/shell';

/** The banner's words for a shell's sandbox: what confines the commands, or why nothing does. */
export function describeSandbox(kind: SandboxKind, setting: SandboxSetting): string {
  if (kind === 'none')
    return setting === 'off'
      ? 'none (--sandbox off)'
      : 'none (no bubblewrap on this machine: commands run unconfined; --sandbox required refuses to)';
  if (typeof setting !== 'object') return `${kind}`;
  const writable = [...(setting.writable ?? []), '/tmp (private)'].join(', ');
  const network =
    setting.network === undefined || setting.network === 'none'
      ? 'off'
      : `${setting.network.allowedDomains.join(', ')} through the proxy`;
  return `${kind} (writable: ${writable}; network: ${network})`;
}
