import { describe, expect, it } from 'vitest';
import {
  findSecrets,
  SECRET_SEARCH_DEPTH,
  SECRET_SEARCH_ENTRIES,
  type FolderEntry,
  type FolderReader,
  type SecretSearchCache,
} from './find-secrets.js';

/** A file system of folders given as `path -> entries`; no links. */
function tree(folders: ReadonlyMap<string, readonly FolderEntry[]>): FolderReader {
  return {
    readFolder: (folder) => Promise.resolve(folders.get(folder) ?? []),
    realTarget: () => Promise.resolve(undefined),
  };
}

describe('findSecrets', () => {
  it('SB-2: finds a secret at any depth the search allows, and the .git folders on the way', async () => {
    const folders = new Map<string, FolderEntry[]>();
    let path = '/work';
    for (let depth = 1; depth < 20; depth++) {
      folders.set(path, [{ name: `d${depth}`, kind: 'folder' }]);
      path = `${path}/d${depth}`;
    }
    folders.set(path, [
      { name: '.env', kind: 'file' },
      { name: '.git', kind: 'folder' },
    ]);
    const found = await findSecrets(['/work'], undefined, tree(folders));
    expect(found.secrets).toEqual([{ path: `${path}/.env`, folder: false, why: 'an environment file' }]);
    expect(found.gitFolders).toEqual([`${path}/.git`]);
  });

  it('SB-2: a tree with more entries than the search reads stops the command rather than leave the rest unsearched', async () => {
    const files = Array.from({ length: SECRET_SEARCH_ENTRIES }, (_, index) => ({
      name: `f${index}`,
      kind: 'file' as const,
    }));
    const within = new Map([['/work', files]]);
    await expect(findSecrets(['/work'], undefined, tree(within))).resolves.toMatchObject({ secrets: [] });
    const beyond = new Map([['/work', [...files, { name: '.env', kind: 'file' as const }]]]);
    await expect(findSecrets(['/work'], undefined, tree(beyond))).rejects.toThrow(
      "The command could not start: its sandbox's secret search (node_modules and .git not counted) found more than 100,000 entries in /work, so a path beyond them could not be hidden. Run it in a smaller folder, or state narrower sandbox paths (the writable ones and the working directory are searched).",
    );
  });

  it('SB-2: folders deeper than the search goes stop the command too', async () => {
    const folders = new Map<string, FolderEntry[]>();
    let path = '/work';
    for (let depth = 1; depth <= SECRET_SEARCH_DEPTH + 1; depth++) {
      folders.set(path, [{ name: 'd', kind: 'folder' }]);
      path = `${path}/d`;
    }
    await expect(findSecrets(['/work'], undefined, tree(folders))).rejects.toThrow(
      'found folders more than 64 levels deep in /work',
    );
  });

  it('SB-2: node_modules and .git are listed, never entered, and count as one entry each', async () => {
    const folders = new Map<string, FolderEntry[]>([
      [
        '/work',
        [
          { name: 'node_modules', kind: 'folder' },
          { name: '.git', kind: 'folder' },
        ],
      ],
      ['/work/node_modules', [{ name: '.env', kind: 'file' }]],
    ]);
    await expect(findSecrets(['/work'], undefined, tree(folders))).resolves.toEqual({
      secrets: [],
      gitFolders: ['/work/.git'],
    });
  });
});

describe('findSecrets with a cache', () => {
  /** A reader over `folders` whose stamps the case sets, counting the folders it reads. */
  function stamped(folders: Map<string, FolderEntry[]>, stamps: Map<string, { value: string; settled: boolean }>) {
    const reads: string[] = [];
    const links = new Map<string, { path: string; folder: boolean }>();
    const reader: FolderReader = {
      readFolder: (folder) => {
        reads.push(folder);
        return Promise.resolve(folders.get(folder) ?? []);
      },
      realTarget: (path) => Promise.resolve(links.get(path)),
      stamp: (folder) => Promise.resolve(stamps.get(folder)),
    };
    return { reader, reads, links };
  }

  it('SB-2: a settled folder whose stamp is unchanged is not read again; a changed one is, and its new secret is found', async () => {
    const folders = new Map<string, FolderEntry[]>([
      ['/work', [{ name: 'src', kind: 'folder' }]],
      ['/work/src', [{ name: 'a.ts', kind: 'file' }]],
    ]);
    const stamps = new Map([
      ['/work', { value: 'w1', settled: true }],
      ['/work/src', { value: 's1', settled: true }],
    ]);
    const { reader, reads } = stamped(folders, stamps);
    const cache: SecretSearchCache = new Map();
    await findSecrets(['/work'], undefined, reader, cache);
    expect(reads.splice(0)).toEqual(['/work', '/work/src']);
    expect(await findSecrets(['/work'], undefined, reader, cache)).toEqual({ secrets: [], gitFolders: [] });
    expect(reads.splice(0)).toEqual([]);
    folders.set('/work/src', [
      { name: 'a.ts', kind: 'file' },
      { name: '.env', kind: 'file' },
    ]);
    stamps.set('/work/src', { value: 's2', settled: true });
    expect((await findSecrets(['/work'], undefined, reader, cache)).secrets).toEqual([
      { path: '/work/src/.env', folder: false, why: 'an environment file' },
    ]);
    expect(reads.splice(0)).toEqual(['/work/src']);
  });

  it('SB-2: a folder that changed within the last second, or that has no stamp, is read at every search', async () => {
    const folders = new Map<string, FolderEntry[]>([
      [
        '/work',
        [
          { name: 'fresh', kind: 'folder' },
          { name: 'unknown', kind: 'folder' },
        ],
      ],
    ]);
    const stamps = new Map([
      ['/work', { value: 'w1', settled: true }],
      ['/work/fresh', { value: 'f1', settled: false }],
    ]);
    const { reader, reads } = stamped(folders, stamps);
    const cache: SecretSearchCache = new Map();
    await findSecrets(['/work'], undefined, reader, cache);
    reads.splice(0);
    await findSecrets(['/work'], undefined, reader, cache);
    expect(reads.sort()).toEqual(['/work/fresh', '/work/unknown']);
  });

  it('SB-2: a link in a cached folder is resolved again at every search (its target can change without the folder)', async () => {
    const folders = new Map<string, FolderEntry[]>([['/work', [{ name: 'notes.txt', kind: 'link' }]]]);
    const stamps = new Map([['/work', { value: 'w1', settled: true }]]);
    const { reader, links } = stamped(folders, stamps);
    const cache: SecretSearchCache = new Map();
    expect((await findSecrets(['/work'], undefined, reader, cache)).secrets).toEqual([]);
    links.set('/work/notes.txt', { path: '/home/agent/.ssh/id_ed25519', folder: false });
    expect((await findSecrets(['/work'], undefined, reader, cache)).secrets).toEqual([
      { path: '/home/agent/.ssh/id_ed25519', folder: false, why: 'a private key' },
    ]);
  });

  it('SB-2: a cached folder still counts toward the budget', async () => {
    const files = Array.from({ length: SECRET_SEARCH_ENTRIES + 1 }, (_, index) => ({
      name: `f${index}`,
      kind: 'file' as const,
    }));
    const { reader } = stamped(new Map([['/work', files]]), new Map([['/work', { value: 'w1', settled: true }]]));
    const cache: SecretSearchCache = new Map();
    await expect(findSecrets(['/work'], undefined, reader, cache)).rejects.toThrow('more than 100,000 entries');
    await expect(findSecrets(['/work'], undefined, reader, cache)).rejects.toThrow('more than 100,000 entries');
  });
});
