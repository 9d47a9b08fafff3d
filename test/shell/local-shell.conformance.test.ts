// RS-1: LocalShell passes the shell conformance kit, with an independent /proc scan of this machine
// as its view of what still runs.
import { LocalShell } from '@toolwright/shell';
import { describeShellConformance } from '@toolwright/shell/conformance';
import { killByToken, running } from './survivors.js';

describeShellConformance({
  name: 'LocalShell',
  createShell: () => new LocalShell(),
  listProcesses: async (token) => running(token),
  killProcesses: async (token) => killByToken(token),
});
