import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadManifestBundles } from './load-manifest-bundles.js';
import { MAX_MANIFEST_BYTES } from './read-json-file.js';

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'toolwright-manifests-'));
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const tool = (name: string, inputSchema: unknown = { type: 'object' }) => ({
  name,
  description: `The ${name} tool`,
  inputSchema,
});

async function manifest(name: string, content: unknown): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('loadManifestBundles', () => {
  it('SC-2: one bad tool fails its bundle only; the other bundles load', async () => {
    const good = await manifest('good.json', { bundle: 'docs', tools: [tool('search'), tool('read')] });
    const bad = await manifest('bad.json', {
      bundle: 'web',
      tools: [
        tool('fetch'),
        tool('crawl', { type: 'object', properties: { u: { type: 'string', pattern: '(a)\\1' } } }),
      ],
    });
    const alsoGood = await manifest('also-good.json', { bundle: 'mail', tools: [tool('send')] });
    const report = await loadManifestBundles([good, bad, alsoGood]);
    expect(
      report.bundles.map((bundle) => [bundle.name, bundle.definitions.map((definition) => definition.name)]),
    ).toEqual([
      ['docs', ['search', 'read']],
      ['mail', ['send']],
    ]);
    expect(
      report.failures.map((failure) => [failure.source, failure.bundle, failure.error.code, failure.error.message]),
    ).toEqual([
      [
        `manifest ${bad}`,
        'web',
        'INVALID_EXTERNAL_SCHEMA',
        `External tool 'crawl' from manifest ${bad} (bundle 'web'): inputSchema#/properties/u/pattern: pattern '(a)\\1' is refused: \\1 is a backreference, which the linear-time engine cannot run.`,
      ],
    ]);
  });

  it('SC-2: a file that is missing, not JSON or too large fails alone', async () => {
    const missing = join(folder, 'missing.json');
    const broken = await manifest('broken.json', '{"bundle":');
    const large = await manifest('large.json', ' '.repeat(MAX_MANIFEST_BYTES + 1));
    const good = await manifest('good.json', { bundle: 'docs', tools: [tool('search')] });
    const report = await loadManifestBundles([missing, broken, large, good]);
    expect(report.bundles.map((bundle) => bundle.name)).toEqual(['docs']);
    expect(report.failures.map((failure) => [failure.error.code, failure.error.message])).toEqual([
      [
        'INVALID_MANIFEST',
        `manifest ${missing} could not be read: ENOENT: no such file or directory, stat '${missing}'.`,
      ],
      ['INVALID_MANIFEST', `manifest ${broken} is not valid JSON: Unexpected end of JSON input.`],
      [
        'INVALID_MANIFEST',
        `manifest ${large} is ${MAX_MANIFEST_BYTES + 1} bytes; at most ${MAX_MANIFEST_BYTES} are read.`,
      ],
    ]);
  });

  it('SC-2: a file of several bundles isolates each, and a name loaded twice fails the second', async () => {
    const several = await manifest('several.json', [
      { bundle: 'docs', tools: [tool('search')] },
      { bundle: 'web', tools: [tool('fetch', { type: 'string' })] },
      { bundle: 'docs', tools: [tool('other')] },
    ]);
    const report = await loadManifestBundles([several]);
    expect(report.bundles.map((bundle) => [bundle.name, bundle.source])).toEqual([['docs', `manifest ${several}[0]`]]);
    expect(report.failures.map((failure) => [failure.bundle, failure.error.message])).toEqual([
      [
        'web',
        `External tool 'fetch' from manifest ${several}[1] (bundle 'web'): inputSchema#/type: the top level must say type 'object' (was 'string').`,
      ],
      ['docs', `manifest ${several}[2]: a bundle named 'docs' was already loaded from manifest ${several}[0].`],
    ]);
  });
});
