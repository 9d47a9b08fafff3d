import { createExternalToolDefinition, ToolwrightError, type ExternalToolDefinition } from '@toolwright/core';
import { isPlainObject, type ExternalSchemaOptions } from '@toolwright/core/internal';
import type { McpErrorCode } from '../errors/mcp-error-code.js';

/** A named set of external tool definitions from one source: the unit that loads or fails whole (SPEC SC-2). */
export interface ToolBundle {
  /** The bundle's name. */
  readonly name: string;
  /** Where it came from (a manifest path, a cache file). */
  readonly source: string;
  /** Its tools, each made by the one constructor. */
  readonly definitions: readonly ExternalToolDefinition[];
}

/**
 * Reads one bundle — `{ "bundle": name, "tools": [{ name, description, inputSchema,
 * outputSchema?, annotations? }, …] }` — making every tool through the one constructor with the
 * origin `<source> (bundle '<name>')`. Throws at the first problem: `INVALID_MANIFEST` for the
 * bundle's own shape (and two tools of one name), or the constructor's error for a bad tool,
 * which names the tool, the origin, the schema path and the rule.
 */
export function parseToolBundle(data: unknown, source: string, options: ExternalSchemaOptions = {}): ToolBundle {
  const fail = (problem: string): never => {
    throw new ToolwrightError<McpErrorCode>('INVALID_MANIFEST', `${source}: ${problem}.`);
  };
  if (!isPlainObject(data)) return fail('a bundle must be an object { "bundle": name, "tools": [...] }');
  const name = data.bundle;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 128) {
    return fail('"bundle" must name the bundle (1 to 128 characters)');
  }
  if (!Array.isArray(data.tools)) return fail(`bundle '${name}' needs a "tools" array`);
  const origin = `${source} (bundle '${name}')`;
  const seen = new Set<string>();
  const definitions = data.tools.map((tool: unknown, index) => {
    if (!isPlainObject(tool)) return fail(`tool ${index} of bundle '${name}' is not an object`);
    const definition = createExternalToolDefinition(
      {
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
        ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
        ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
        origin,
      },
      options,
    );
    if (seen.has(definition.name)) fail(`bundle '${name}' has two tools named '${definition.name}'`);
    seen.add(definition.name);
    return definition;
  });
  return Object.freeze({ name, source, definitions: Object.freeze(definitions) });
}

/** A bundle as JSON, in the manifest format {@link parseToolBundle} reads (what a cache file holds). */
export function toManifestJson(bundle: ToolBundle): Record<string, unknown> {
  return {
    bundle: bundle.name,
    tools: bundle.definitions.map((definition) => ({
      name: definition.name,
      description: definition.description,
      inputSchema: definition.inputSchema,
      ...(definition.outputSchema === undefined ? {} : { outputSchema: definition.outputSchema }),
      ...(Object.keys(definition.annotations).length === 0 ? {} : { annotations: definition.annotations }),
    })),
  };
}
