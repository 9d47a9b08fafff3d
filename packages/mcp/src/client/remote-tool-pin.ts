import type { Tool as McpTool } from '@modelcontextprotocol/client';
import { createHash } from 'node:crypto';

/** The parts of a remote definition a pin covers, in the pin's order, as a sentence names each. */
const PARTS = [
  ['description', 'its description'],
  ['inputSchema', 'its input schema'],
  ['outputSchema', 'its output schema'],
  ['annotations', 'its title or hints'],
] as const;

const PREFIX = 'mcp-pin-1:';

/**
 * The pin of a remote tool's definition (SPEC MP-6): `mcp-pin-1:` and, for its description,
 * input schema, output schema and annotations (title included) in turn, 16 hex digits of the
 * SHA-256 of that part as canonical JSON (keys sorted), joined by dots. Store it; a definition
 * whose pin differs is refused until re-pinned, and the parts that differ are named.
 */
export function mcpToolPin(
  tool: Pick<McpTool, 'description' | 'inputSchema' | 'outputSchema' | 'annotations' | 'title'>,
): string {
  const parts: Record<(typeof PARTS)[number][0], unknown> = {
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    outputSchema: tool.outputSchema ?? null,
    annotations: { ...tool.annotations, ...(tool.title === undefined ? {} : { title: tool.title }) },
  };
  return PREFIX + PARTS.map(([part]) => digest(parts[part])).join('.');
}

/** What differs between two pins, as `its description and its input schema`; everything when a pin is not one. */
export function pinDifference(pinned: string, now: string): string {
  const before = readPin(pinned);
  const after = readPin(now);
  const changed = PARTS.filter((_, index) => before?.[index] !== after?.[index]).map(([, words]) => words);
  if (changed.length <= 1) return changed[0] ?? 'nothing';
  return `${changed.slice(0, -1).join(', ')} and ${changed.at(-1)!}`;
}

function readPin(pin: string): string[] | undefined {
  if (!pin.startsWith(PREFIX)) return undefined;
  const parts = pin.slice(PREFIX.length).split('.');
  return parts.length === PARTS.length ? parts : undefined;
}

function digest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);
}

/** JSON with every object's keys sorted, so a server that reorders keys keeps its pin. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
