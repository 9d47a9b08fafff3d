import { describe, expect, it } from 'vitest';
import {
  findSecrets,
  SECRET_SEARCH_DEPTH,
  SECRET_SEARCH_ENTRIES,
  type FolderEntry,
  type FolderReader,
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
