import type { JSONRPCRequest, ProgressToken } from '@modelcontextprotocol/server';
import { isPlainObject } from '@toolwright/core/internal';

/** What a `tools/call` handler reads from its request. */
export interface ToolsCall {
  /** The tool called. */
  readonly name: string;
  /** The client's progress token, when it asked for progress. */
  readonly progressToken?: ProgressToken;
}

/**
 * The common `tools/call` request read without a schema parse: `params` with a string `name`,
 * `arguments` absent or a plain object, `_meta` absent or holding only a string or safe-integer
 * `progressToken`, and nothing else. Every such request passes the SDK's `CallToolRequestSchema`
 * too; anything else is `undefined`, for the caller to check with that schema (and its messages).
 */
export function readToolsCall(request: JSONRPCRequest): ToolsCall | undefined {
  const params: unknown = request.params;
  if (!isPlainObject(params)) return undefined;
  let progressToken: ProgressToken | undefined;
  for (const key of Object.keys(params)) {
    if (key !== 'name' && key !== 'arguments' && key !== '_meta') return undefined;
  }
  const { name } = params;
  if (typeof name !== 'string') return undefined;
  if (Object.hasOwn(params, 'arguments') && params.arguments !== undefined && !isPlainObject(params.arguments))
    return undefined;
  if (Object.hasOwn(params, '_meta') && params._meta !== undefined) {
    const meta = params._meta;
    if (!isPlainObject(meta)) return undefined;
    for (const key of Object.keys(meta)) if (key !== 'progressToken') return undefined;
    const token = meta.progressToken;
    if (token !== undefined && typeof token !== 'string' && !Number.isSafeInteger(token)) return undefined;
    progressToken = token as ProgressToken | undefined;
  }
  return progressToken === undefined ? { name } : { name, progressToken };
}
