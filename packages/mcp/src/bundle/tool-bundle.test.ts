import { ToolwrightError } from '@toolwright/core';
import { describe, expect, it } from 'vitest';
import { parseToolBundle, toManifestJson } from './tool-bundle.js';

const SEARCH = {
  name: 'search',
  description: 'Searches',
  inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
};

function refusal(data: unknown): [string, string] {
  try {
    parseToolBundle(data, 'manifest a.json');
  } catch (error) {
    if (ToolwrightError.isInstance(error)) return [error.code, error.message];
    throw error;
  }
  throw new Error('the bundle was accepted');
}

describe('parseToolBundle', () => {
  it('SC-2: makes every tool through the one constructor, with the bundle in the origin', () => {
    const bundle = parseToolBundle({ bundle: 'docs', tools: [SEARCH] }, 'manifest a.json');
    expect(bundle.name).toBe('docs');
    expect(bundle.definitions.map((definition) => [definition.name, definition.origin])).toEqual([
      ['search', "manifest a.json (bundle 'docs')"],
    ]);
    expect(Object.isFrozen(bundle.definitions)).toBe(true);
  });

  it.each([
    [[], 'manifest a.json: a bundle must be an object { "bundle": name, "tools": [...] }.'],
    [{ tools: [] }, 'manifest a.json: "bundle" must name the bundle (1 to 128 characters).'],
    [{ bundle: 'docs' }, 'manifest a.json: bundle \'docs\' needs a "tools" array.'],
    [{ bundle: 'docs', tools: [SEARCH, 3] }, "manifest a.json: tool 1 of bundle 'docs' is not an object."],
    [{ bundle: 'docs', tools: [SEARCH, SEARCH] }, "manifest a.json: bundle 'docs' has two tools named 'search'."],
  ])('SC-2: the bundle shape %j is a manifest format error', (data, message) => {
    expect(refusal(data)).toEqual(['INVALID_MANIFEST', message]);
  });

  it('SC-2: a bad tool fails the bundle with an error naming the tool, the origin and the rule', () => {
    const bad = {
      ...SEARCH,
      name: 'fetch',
      inputSchema: { type: 'object', properties: { u: { $ref: 'file:///etc/passwd' } } },
    };
    expect(refusal({ bundle: 'docs', tools: [SEARCH, bad] })).toEqual([
      'INVALID_EXTERNAL_SCHEMA',
      "External tool 'fetch' from manifest a.json (bundle 'docs'): inputSchema#/properties/u/$ref: $ref must start with '#' (a reference inside the schema), not 'file:///etc/passwd'.",
    ]);
  });

  it('SC-2: toManifestJson writes what parseToolBundle reads back the same', () => {
    const tools = [{ ...SEARCH, outputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }];
    const bundle = parseToolBundle({ bundle: 'docs', tools }, 'manifest a.json');
    expect(toManifestJson(bundle)).toEqual({ bundle: 'docs', tools });
    expect(parseToolBundle(toManifestJson(bundle), 'cache c.json').definitions[0]?.inputSchema).toEqual(
      SEARCH.inputSchema,
    );
  });
});
