import { type Tool } from '@toolwright/core';
import { checkExternalSchema, isPlainObject, isToolName, mapSchema } from '@toolwright/core/internal';
import { findOpenObjects } from './open-objects.js';

/** The problems `toolwright check` finds in one tool (SPEC CL-2), one sentence each. */
export function checkTool(tool: Tool): string[] {
  const problems: string[] = [];
  if (!isToolName(tool.name)) problems.push(`the name must be 1 to 64 letters, digits, '_' or '-'`);
  if (typeof tool.description !== 'string' || tool.description.trim() === '') problems.push('it has no description');
  const schema: unknown = tool.inputSchema;
  if (!isPlainObject(schema)) return [...problems, 'its input schema is not an object'];
  // The rules every schema from outside must pass (SC-1..SC-4): a plugin's schema is held to them too.
  const external = checkExternalSchema(schema);
  if (!external.ok) {
    problems.push(`inputSchema#${external.problem.pointer}: ${external.problem.message}`);
    // Past the size and depth limits, walking the schema is not safe: that problem is enough.
    if (external.problem.rule === 'limits') return problems;
  }
  // Closed objects at every level (TC-5, TC-8): what the model may send is exactly what the tool reads.
  for (const open of findOpenObjects(schema)) problems.push(`inputSchema#${open.pointer} ${open.problem}`);
  problems.push(...undescribedParameters(schema));
  return problems;
}

/** Every parameter, at any depth, without a description. */
function undescribedParameters(schema: Record<string, unknown>): string[] {
  const missing: string[] = [];
  mapSchema(schema, (node, copy) => {
    if (isPlainObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        const described =
          isPlainObject(property) && typeof property.description === 'string' && property.description.trim() !== '';
        if (!described) missing.push(`parameter '${name}' has no description`);
      }
    }
    return copy(node);
  });
  return missing;
}
