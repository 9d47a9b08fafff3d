// RS-1: LocalShell passes the shell conformance kit, with an independent /proc scan of this machine
// (@toolwright/test-support/survivors) as its view of what still runs: the default LocalShell (the
// strongest containment this machine offers) and, where that is not it, the session fallback every
// machine has.
import { LocalShell } from '@toolwright/shell';
import { describeShellConformance } from '@toolwright/shell/conformance';
import { killByToken, running } from '@toolwright/test-support/survivors';

const strongest = new LocalShell().containment;
const shells: ReadonlyArray<readonly [name: string, create: () => LocalShell]> = [
  [`LocalShell (default: ${strongest})`, () => new LocalShell()],
  ...(strongest === 'session'
    ? []
    : [['LocalShell (session)', () => new LocalShell({ containment: 'session' })] as const]),
];

for (const [name, createShell] of shells) {
  describeShellConformance({
    name,
    createShell,
    listProcesses: async (token) => running(token),
    killProcesses: async (token) => killByToken(token),
  });
}
