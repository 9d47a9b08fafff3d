import { ToolwrightError } from '@toolwright/core';
import { isPlainObject, type ExternalSchemaOptions } from '@toolwright/core/internal';
import type { McpErrorCode } from '../errors/mcp-error-code.js';
import { readJsonFile } from './read-json-file.js';
import { parseToolBundle, type ToolBundle } from './tool-bundle.js';

/** A bundle (or a whole file) that did not load, and why. */
export interface BundleFailure {
  /** The manifest file. */
  readonly source: string;
  /** The bundle's name, when the file got far enough to say it. */
  readonly bundle?: string;
  /** What went wrong: names the tool and the rule when a tool's definition broke one. */
  readonly error: ToolwrightError<string>;
}

/** What {@link loadManifestBundles} loaded and what it did not. */
export interface BundleLoadReport {
  /** The bundles that loaded, in file order. */
  readonly bundles: readonly ToolBundle[];
  /** The bundles and files that failed; the others loaded regardless. */
  readonly failures: readonly BundleFailure[];
}

/**
 * Loads JSON manifest files of tool bundles (SPEC SC-2): each file holds one bundle
 * `{ "bundle": name, "tools": [...] }` or an array of them. Isolation is per bundle: a bundle with
 * one bad tool fails whole, with an error naming the tool and the rule, and every other bundle
 * still loads; a file that cannot be read or parsed fails the bundles it held. A second bundle of
 * a name already loaded fails. Never throws for what the files hold.
 */
export async function loadManifestBundles(
  paths: readonly string[],
  options: ExternalSchemaOptions = {},
): Promise<BundleLoadReport> {
  const bundles: ToolBundle[] = [];
  const failures: BundleFailure[] = [];
  const loadedFrom = new Map<string, string>();
  for (const path of paths) {
    const source = `manifest ${path}`;
    let data: unknown;
    try {
      data = await readJsonFile(path, source);
    } catch (error) {
      failures.push({ source, error: asToolwrightError(error) });
      continue;
    }
    const entries = Array.isArray(data) ? data : [data];
    entries.forEach((entry: unknown, index) => {
      const entrySource = Array.isArray(data) ? `${source}[${index}]` : source;
      const name = isPlainObject(entry) && typeof entry.bundle === 'string' ? entry.bundle : undefined;
      try {
        const bundle = parseToolBundle(entry, entrySource, options);
        const earlier = loadedFrom.get(bundle.name);
        if (earlier !== undefined) {
          throw new ToolwrightError<McpErrorCode>(
            'INVALID_MANIFEST',
            `${entrySource}: a bundle named '${bundle.name}' was already loaded from ${earlier}.`,
          );
        }
        loadedFrom.set(bundle.name, entrySource);
        bundles.push(bundle);
      } catch (error) {
        failures.push({
          source: entrySource,
          ...(name === undefined ? {} : { bundle: name }),
          error: asToolwrightError(error),
        });
      }
    });
  }
  return { bundles, failures };
}

function asToolwrightError(error: unknown): ToolwrightError<string> {
  if (ToolwrightError.isInstance(error)) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new ToolwrightError<McpErrorCode>('INVALID_MANIFEST', reason, { cause: error });
}
