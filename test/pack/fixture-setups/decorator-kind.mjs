// Prints which kind of decorator a build of the plugin ran: standard ones record the fields on the
// class's own decorator metadata (`Symbol.metadata`, which loading @toolwright/core installs on
// Node 20), legacy ones do not. Usage: node decorator-kind.mjs <plugin module>
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { SearchInput } = await import(pathToFileURL(resolve(process.argv[2])).href);
console.log(Object.hasOwn(SearchInput, Symbol.metadata) ? 'standard' : 'legacy');
