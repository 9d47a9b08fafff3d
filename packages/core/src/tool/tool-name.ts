/** The longest tool name providers accept. */
export const MAX_TOOL_NAME_LENGTH = 64;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/** True for a name every provider accepts for a tool: 1 to 64 letters, digits, `_` or `-` (`^[a-zA-Z0-9_-]{1,64}$`). */
export function isToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}
