// The worker thread in which Grep searches large files, so that no match over megabytes of text
// holds the host's event loop; terminating it stops a search at once (SPEC PA-4).
import { parentPort } from 'node:worker_threads';
import { compileGrepPattern, type GrepPattern } from './grep-pattern.js';
import { searchText, type TextSearch } from './search-text.js';

/** A request to the worker: one file's bytes, the pattern as Grep received it, and what to find. */
export interface GrepWorkerRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
  readonly pattern: string;
  readonly ignoreCase: boolean;
  readonly multiline: boolean;
  readonly search: TextSearch;
}

const decoder = new TextDecoder('utf-8', { fatal: false });
let compiled: { readonly key: string; readonly pattern: GrepPattern } | undefined;

parentPort?.on('message', (request: GrepWorkerRequest) => {
  void (async () => {
    try {
      const key = JSON.stringify([request.pattern, request.ignoreCase, request.multiline]);
      if (compiled?.key !== key) {
        const result = compileGrepPattern(request.pattern, request);
        if (!result.ok) throw new Error(result.reason);
        compiled = { key, pattern: result.pattern };
      }
      const findings = await searchText(decoder.decode(request.bytes), compiled.pattern, request.search);
      parentPort?.postMessage({ id: request.id, findings });
    } catch (error) {
      parentPort?.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
});
