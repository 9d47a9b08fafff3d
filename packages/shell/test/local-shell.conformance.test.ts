// RS-1, SB-6: LocalShell passes the shell conformance kit, with an independent /proc scan of this
// machine (@toolwright/test-support/survivors) as its view of what still runs: the default
// LocalShell (in its kernel sandbox where this machine has one), and unsandboxed in the strongest
// containment this machine offers and, where that is not it, in the session fallback every machine has.
import { LocalShell } from '@toolwright/shell';
import { describeShellConformance } from '@toolwright/shell/conformance';
import { killByToken, running } from '@toolwright/test-support/survivors';

const sandbox = new LocalShell().sandbox;
const strongest = new LocalShell({ sandbox: 'off' }).containment;
const shells: ReadonlyArray<readonly [name: string, create: () => LocalShell]> = [
  ...(sandbox === 'none' ? [] : [[`LocalShell (default: sandbox ${sandbox})`, () => new LocalShell()] as const]),
  [`LocalShell (no sandbox, ${strongest})`, () => new LocalShell({ sandbox: 'off' })],
  ...(strongest === 'session'
    ? []
    : [
        ['LocalShell (no sandbox, session)', () => new LocalShell({ sandbox: 'off', containment: 'session' })] as const,
      ]),
];

for (const [name, createShell] of shells) {
  describeShellConformance({
    name,
    createShell,
    listProcesses: async (token) => running(token),
    killProcesses: async (token) => killByToken(token),
  });
}
