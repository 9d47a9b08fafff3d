import { MAX_TOOL_NAME_LENGTH as PROVIDER_LIMIT } from '@toolwright/core/internal';

/** The longest tool name providers accept (the limit core holds every tool to). */
export const MAX_TOOL_NAME_LENGTH = PROVIDER_LIMIT;

const MAX_SERVER_LABEL = 24;
const UNUSABLE = /[^a-zA-Z0-9_-]/g;

/**
 * The default name prefix of an MCP server's tools: `mcp__<server>__`, the server's name with
 * every character outside `[a-zA-Z0-9_-]` replaced by `_`, cut to 24 characters.
 */
export function mcpToolPrefix(serverName: string): string {
  return `mcp__${serverName.replace(UNUSABLE, '_').slice(0, MAX_SERVER_LABEL)}__`;
}

/**
 * The local name of a remote tool: `prefix + remoteName`. When the remote name has characters
 * providers refuse (`.`, `/`, spaces, …) or the result is over 64 characters, those characters
 * become `_`, the name is cut, and `_` plus 8 hex digits of a hash of the remote name are
 * appended, so two remote names never share a local one by accident and the same remote name
 * always gets the same local one (permission rules can name it).
 */
export function toLocalToolName(prefix: string, remoteName: string): string {
  const sanitized = remoteName.replace(UNUSABLE, '_');
  const plain = `${prefix}${sanitized}`;
  if (sanitized === remoteName && plain.length <= MAX_TOOL_NAME_LENGTH) return plain;
  const suffix = `_${fnv1a(remoteName)}`;
  return `${plain.slice(0, MAX_TOOL_NAME_LENGTH - suffix.length)}${suffix}`;
}

/** The 32-bit FNV-1a hash of a string's UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
