// A gate with an ask rule on a file tool, over a real folder with a real symlink: what the bridges'
// approval tests swap, edit and replay to show that an approval runs exactly the call a person saw.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AbstractTool, SafetyLevel, type ToolInput } from '@toolwright/core';
import { ToolGate, type AuditEvent } from '@toolwright/gate';

/** A READ_ONLY tool with a PATH subject that records the paths it opened. */
export class OpenFileTool extends AbstractTool {
  readonly calls: string[] = [];
  constructor() {
    super({
      name: 'open_file',
      description: 'Opens a file',
      safety: SafetyLevel.READ_ONLY,
      inputSchema: {
        type: 'object',
        properties: { path: { type: 'string', description: 'The file' } },
        required: ['path'],
        additionalProperties: false,
      },
      subject: { kind: 'PATH', parameter: 'path' },
    });
  }
  protected run(input: ToolInput): string {
    const path = input.getString('path', '');
    this.calls.push(path);
    return `opened ${path}`;
  }
}

/** A folder `a` and `b` with a file each, and `link` pointing at `a`; `swap()` points it at `b`. */
export function linkedFolders() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'tw-bound-')));
  for (const folder of ['a', 'b']) {
    mkdirSync(join(root, folder));
    writeFileSync(join(root, folder, 'f.txt'), folder);
  }
  symlinkSync(join(root, 'a'), join(root, 'link'));
  return {
    root,
    linked: join(root, 'link', 'f.txt'),
    swap() {
      rmSync(join(root, 'link'));
      symlinkSync(join(root, 'b'), join(root, 'link'));
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** A gate that asks before opening anything under `root`, with no approver of its own. */
export function askingGate(root: string) {
  const open = new OpenFileTool();
  const events: AuditEvent[] = [];
  const gate = new ToolGate({
    tools: [open],
    permissions: { ask: [`open_file(${root}/**)`] },
    onAudit: (event) => events.push(event),
  });
  return { gate, open, events };
}

/** What the model reads when the user's approval does not fit the call as it is now. */
export const OTHER_CALL =
  'the user approved it with other input, or against another path or working directory, than it has now';
/** What the model reads when the same approval comes again. */
export const USED = "the user's approval of this call was used already";
/** What the model reads when the approval was given where this process did not ask. */
export const NOT_ASKED_HERE = 'the user was not asked about this call here (it was asked in another process, or never)';

/**
 * The folders and the asking gate together, and `denied(reason, realPath?, path?)`: the sentence the
 * model reads (as the bridges that return text give it) when the user's approval is refused.
 */
export function boundApprovalCase() {
  const folders = linkedFolders();
  const { gate, open } = askingGate(folders.root);
  const denied = (reason: string, realPath = `${folders.root}/a/f.txt`, path = folders.linked) =>
    `Permission denied: open_file of '${path}'${path === realPath ? '' : ` (really '${realPath}')`} was not approved (open_file(${folders.root}/**)): ${reason}.`;
  return { ...folders, gate, open, denied };
}
