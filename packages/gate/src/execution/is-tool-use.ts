import type { ToolUse } from '@toolwright/core';

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
