import { callListener, type ExternalSchemaOptions } from '@toolwright/core/internal';
import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import { readJsonFile } from './read-json-file.js';
import { parseToolBundle, toManifestJson, type ToolBundle } from './tool-bundle.js';

/** Options of {@link readBundleCache}. */
export interface BundleCacheReadOptions extends ExternalSchemaOptions {
  /** Older snapshots are a miss. Default: no age limit. */
  readonly maxAgeMs?: number;
  /** Told why a read was a miss (for the host's log). Its own failure is ignored. */
  readonly onMiss?: (reason: string) => void;
  /** The clock, for tests. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Reads a cached bundle snapshot written by {@link writeBundleCache}. Every tool goes through the
 * one constructor again (a cache file is as untrusted as a manifest). Anything wrong — no file,
 * unreadable, not JSON, a bad shape, a tool that breaks a schema rule, too old — is a cache miss:
 * `undefined`, never an exception (SPEC SC-2).
 */
export async function readBundleCache(
  path: string,
  options: BundleCacheReadOptions = {},
): Promise<ToolBundle | undefined> {
  const source = `cache ${path}`;
  try {
    const data = await readJsonFile(path, source);
    const savedAt = (data as { savedAt?: unknown } | null)?.savedAt;
    if (options.maxAgeMs !== undefined) {
      const age = (options.now ?? Date.now)() - (typeof savedAt === 'number' ? savedAt : Number.NaN);
      if (!(age >= 0 && age <= options.maxAgeMs))
        return miss(options, `${source} is older than ${options.maxAgeMs} ms.`);
    }
    return parseToolBundle(data, source, options);
  } catch (error) {
    return miss(options, error instanceof Error ? error.message : String(error));
  }
}

/**
 * Writes a bundle snapshot in the manifest format plus `savedAt` (ms since the epoch). Written
 * to a temporary file beside it and renamed, so a reader never sees half a file.
 */
export async function writeBundleCache(path: string, bundle: ToolBundle, now: number = Date.now()): Promise<void> {
  const temporary = `${path}.${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify({ ...toManifestJson(bundle), savedAt: now })}\n`, 'utf8');
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

function miss(options: BundleCacheReadOptions, reason: string): undefined {
  // The host's logger failing does not turn a miss into a crash.
  callListener(options.onMiss, reason);
  return undefined;
}
