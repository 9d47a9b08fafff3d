import { createToolUse, type ToolUse } from '@toolwright/core';

/** True when a host handed the gate a ToolUse made by core's factories (else the gate makes one from its fields). */
export function isToolUse(value: unknown): value is ToolUse {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ToolUse).name === 'string' &&
    typeof (value as ToolUse).id === 'string' &&
    typeof (value as ToolUse).input?.toJSON === 'function'
  );
}

/** The call as a ToolUse: a host's own object is rebuilt through core's factory (which never throws). */
export function asToolUse(toolUse: unknown): ToolUse {
  if (isToolUse(toolUse)) return toolUse;
  const loose = toolUse as { id?: unknown; name?: unknown; input?: unknown } | undefined;
  return createToolUse(loose?.id, loose?.name, loose?.input);
}
