// The worker thread in which Grep searches large files, so that no match over megabytes of text
// holds the host's event loop, and batches of files when a search spreads over the cores;
// terminating it stops a search at once (SPEC PA-4, PF-3).
import { parentPort } from 'node:worker_threads';
import { searchBatch, type BatchMode } from './grep-batch.js';
import { compileGrepPattern, type GrepPattern } from './grep-pattern.js';
import { GrepFileReader } from './grep-read-file.js';
import { searchBytes, type TextSearch } from './search-text.js';

/** The pattern as Grep received it; the worker compiles it (once per pattern). */
export interface GrepWorkerPattern {
  readonly pattern: string;
  readonly ignoreCase: boolean;
  readonly multiline: boolean;
}

/** A request to the worker: one file's bytes, the pattern, and what to find. */
export interface GrepWorkerRequest extends GrepWorkerPattern {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly search: TextSearch;
}

/** A request to read and search a batch of files in count or files_with_matches mode. */
export interface GrepBatchRequest extends GrepWorkerPattern {
  readonly id: number;
  /** The files' real paths, joined with NUL (which no path holds): one string is far cheaper to post than many. */
  readonly paths: string;
  readonly mode: BatchMode;
}

let compiled: { readonly key: string; readonly pattern: GrepPattern } | undefined;
let reader: GrepFileReader | undefined;

function patternFor(request: GrepWorkerPattern): GrepPattern {
  const key = JSON.stringify([request.pattern, request.ignoreCase, request.multiline]);
  if (compiled?.key !== key) {
    const result = compileGrepPattern(request.pattern, request);
    if (!result.ok) throw new Error(result.reason);
    compiled = { key, pattern: result.pattern };
  }
  return compiled.pattern;
}

parentPort?.on('message', (request: GrepWorkerRequest | GrepBatchRequest) => {
  void (async () => {
    try {
      if ('paths' in request) {
        reader ??= new GrepFileReader();
        const paths = request.paths.split('\0');
        const codes = searchBatch(reader, paths, patternFor(request), request.mode, false);
        parentPort?.postMessage({ id: request.id, codes }, [codes.buffer as ArrayBuffer]);
        return;
      }
      const findings = await searchBytes(request.bytes, patternFor(request), request.search);
      parentPort?.postMessage({ id: request.id, findings });
    } catch (error) {
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
