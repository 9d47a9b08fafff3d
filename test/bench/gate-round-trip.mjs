// A grep tool around GrepInput behind a ToolGate, for the benchmark's gate round trip: one
// `await gate.execute(toolUse)` goes through lookup, the safety policy, the permission check,
// argument limits, schema validation (ENFORCE), the timeout (a shared deadline when the tool has to
// be waited for), binding to a GrepInput, a no-op `doExecute`, `render`, the output limit and the
// duration metadata. Written in plain JS, like grep-input.mjs.
import { GenericTool } from '../../packages/core/dist/index.js';
import { ToolGate } from '../../packages/gate/dist/index.js';
import { GrepInput } from './grep-input.mjs';

/** What the no-op grep tool renders for every call. */
export const RENDERED = '0 matches';

export class GrepTool extends GenericTool {
  constructor() {
    super({
      name: 'grep',
      description: 'Searches file contents with a regular expression',
      safety: 'READ_ONLY',
      input: GrepInput,
    });
  }

  doExecute() {
    return 0;
  }

  render(count) {
    return `${count} matches`;
  }
}

/** The gate the benchmark measures: permission + ENFORCE validation, no audit listener, no extra policies. */
export function createGrepGate(tool = new GrepTool(), options = {}) {
  return new ToolGate({ tools: [tool], permissions: { allow: ['grep'] }, schemaValidation: 'ENFORCE', ...options });
}

/**
 * Checks (of results, not of time) that a call through the gate takes the path its label says: the
 * valid call is allowed, bound to a GrepInput, executed and rendered; the invalid one is refused by
 * validation with the typo line and the enum line, and never reaches the tool.
 */
export async function checkGateRoundTrip(validUse, invalidUse) {
  const bound = [];
  class WatchedGrepTool extends GrepTool {
    doExecute(input) {
      bound.push(input);
      return super.doExecute(input);
    }
  }
  const events = [];
  const watched = createGrepGate(new WatchedGrepTool(), { onAudit: (event) => events.push(event) });
  const stages = (event) => `${event.stage}:${event.decision}`;

  const ok = await watched.execute(validUse);
  if (ok.isError || ok.content !== RENDERED) throw new Error(`the gate refused the valid call: ${ok.content}`);
  if (bound.length !== 1 || !(bound[0] instanceof GrepInput) || bound[0].headLimit !== 50) {
    throw new Error('the valid call did not reach doExecute bound to a GrepInput');
  }
  if (events.map(stages).join(' ') !== 'permission:allow execution:ok') {
    throw new Error(`unexpected audit trail for the valid call: ${events.map(stages).join(' ')}`);
  }

  events.length = 0;
  const refused = await watched.execute(invalidUse);
  const lines = refused.content.split('\n');
  if (
    !refused.isError ||
    lines.length !== 2 ||
    !lines[0].startsWith("Unknown parameter 'head_limt'. Did you mean 'head_limit'?") ||
    !lines[1].startsWith("Parameter 'output_mode' must be one of [content, files_with_matches, count]")
  ) {
    throw new Error(`the gate did not refuse the invalid call with the two expected lines: ${refused.content}`);
  }
  if (bound.length !== 1 || events.map(stages).join(' ') !== 'permission:allow validation:deny') {
    throw new Error(`the invalid call was not stopped at validation: ${events.map(stages).join(' ')}`);
  }
  return { ok, refused };
}
