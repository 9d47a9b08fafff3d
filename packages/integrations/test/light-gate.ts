// A gate over the small test tools, as every framework's integration tests use it.
import { SchemaValidationMode, ToolGate, type AuditEvent, type ToolGateOptions } from '@toolwright/gate';
import { DeleteFileTool, LightTool, WaitTool } from './ai-sdk/test-tools.js';

/** A gate over the test tools that records its audit events; `decisions()` reads them as {@link auditTrail} does. */
export function setUp(options: Partial<ToolGateOptions> = {}) {
  const light = new LightTool();
  const deleteFile = new DeleteFileTool();
  const wait = new WaitTool();
  const events: AuditEvent[] = [];
  const gate = new ToolGate({
    tools: [light, deleteFile, wait],
    schemaValidation: SchemaValidationMode.ENFORCE,
    onAudit: (event) => events.push(event),
    ...options,
  });
  return { gate, light, deleteFile, wait, events, decisions: () => auditTrail(events) };
}

/** The audit events as `{ callId, stage, decision, rule }`. */
export const auditTrail = (events: readonly AuditEvent[]) =>
  events.map(({ callId, stage, decision, rule }) => ({ callId, stage, decision, rule }));
