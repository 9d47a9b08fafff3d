import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBundleCache, writeBundleCache } from './bundle-cache.js';
import { parseToolBundle } from './tool-bundle.js';

let folder: string;
let path: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'toolwright-cache-'));
  path = join(folder, 'docs.json');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const BUNDLE = parseToolBundle(
  {
    bundle: 'docs',
    tools: [
      {
        name: 'search',
        description: 'Searches',
        inputSchema: { type: 'object', properties: { q: { type: 'string' } } },
      },
    ],
  },
  'manifest docs.json',
);

async function readWithReason(options: { maxAgeMs?: number; now?: () => number } = {}) {
  const reasons: string[] = [];
  const bundle = await readBundleCache(path, { ...options, onMiss: (reason) => reasons.push(reason) });
  return { bundle, reasons };
}

describe('bundle cache', () => {
  it('SC-2: a snapshot written is read back through the one constructor, with the cache as origin', async () => {
    await writeBundleCache(path, BUNDLE, 1_000);
    const { bundle, reasons } = await readWithReason({ maxAgeMs: 500, now: () => 1_400 });
    expect(reasons).toEqual([]);
    expect(
      bundle?.definitions.map((definition) => [definition.name, definition.origin, definition.inputSchema]),
    ).toEqual([['search', `cache ${path} (bundle 'docs')`, BUNDLE.definitions[0]?.inputSchema]]);
    expect(await readdir(folder)).toEqual(['docs.json']);
  });

  it('SC-2: a missing file is a miss', async () => {
    expect(await readWithReason()).toEqual({
      bundle: undefined,
      reasons: [`cache ${path} could not be read: ENOENT: no such file or directory, stat '${path}'.`],
    });
  });

  it('SC-2: a file that is not JSON is a miss', async () => {
    await writeFile(path, '{"bundle":');
    expect(await readWithReason()).toEqual({
      bundle: undefined,
      reasons: [`cache ${path} is not valid JSON: Unexpected end of JSON input.`],
    });
  });

  it('SC-2: a tampered snapshot whose schema breaks a rule is a miss, never an exception', async () => {
    await writeFile(
      path,
      JSON.stringify({
        bundle: 'docs',
        savedAt: 1_000,
        tools: [
          {
            name: 'search',
            description: 'Searches',
            inputSchema: { type: 'object', properties: { q: { $ref: 'https://evil.example/q' } } },
          },
        ],
      }),
    );
    expect(await readWithReason()).toEqual({
      bundle: undefined,
      reasons: [
        `External tool 'search' from cache ${path} (bundle 'docs'): inputSchema#/properties/q/$ref: $ref must start with '#' (a reference inside the schema), not 'https://evil.example/q'.`,
      ],
    });
  });

  it('SC-2: a snapshot older than maxAgeMs, or without savedAt, is a miss', async () => {
    await writeBundleCache(path, BUNDLE, 1_000);
    expect(await readWithReason({ maxAgeMs: 500, now: () => 1_501 })).toEqual({
      bundle: undefined,
      reasons: [`cache ${path} is older than 500 ms.`],
    });
    await writeFile(path, JSON.stringify({ bundle: 'docs', tools: [] }));
    expect((await readWithReason({ maxAgeMs: 500 })).bundle).toBeUndefined();
  });

  it('SC-2: a path that is a folder, with an onMiss that throws, is still just a miss', async () => {
    const unreadable = await readBundleCache(folder, {
      onMiss: () => {
        throw new Error('logger down');
      },
    });
    expect(unreadable).toBeUndefined();
  });
});
