import { describe } from 'vitest';
import { describeBackgroundCases } from './background-cases.js';
import { describeCaptureCases } from './capture-cases.js';
import { CaseContext } from './case-context.js';
import type { ConformanceTarget } from './conformance-target.js';
import { describeExitCases } from './exit-cases.js';
import { describeFileSystemCases } from './file-system-cases.js';
import { describeLeftoverCases } from './leftover-cases.js';
import { describeOptionCases } from './option-cases.js';
import { describePromptCases } from './prompt-cases.js';
import { describeTreeCases } from './tree-cases.js';
import { describeUtf8Cases } from './utf8-cases.js';

/**
 * Registers the shell conformance suite (vitest `describe`/`it`) for one target: the guarantees of
 * SPEC SH-1..SH-5, BT-2 and the shell side of BT-1 as cases over real processes on the target's
 * host. Exit codes are values; timeouts and aborts kill the whole tree (background jobs, `setsid`,
 * `nohup`, double forks, children that ignore SIGTERM), and so does a normal exit for what the
 * command left running; the command sees one file system (hard links and renames between relative,
 * absolute and `/proc/self/cwd` paths work); capture is bounded on every path (1 GB of output) and cut on UTF-8
 * boundaries; nothing waits for a prompt; background commands are readable, bounded, killable and
 * die with `dispose`. After each case the kit asks `target.listProcesses` whether anything the case
 * started still runs.
 *
 * The cases run one after another (several of them load the host), each with a fresh shell and
 * generous deadlines: call it at the top level of a test file.
 */
export function describeShellConformance(target: ConformanceTarget): void {
  describe.sequential(`VirtualShell conformance: ${target.name}`, () => {
    const context = new CaseContext(target);
    describeExitCases(context);
    describeOptionCases(context);
    describeTreeCases(context);
    describeLeftoverCases(context);
    describeFileSystemCases(context);
    describeCaptureCases(context);
    describeUtf8Cases(context);
    describePromptCases(context);
    describeBackgroundCases(context);
  });
}
