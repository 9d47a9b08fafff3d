// HTTP servers of one TallyTool (allowed) for the tests of the server's checks, closed after each test.
import { ToolGate } from '@toolwright/gate';
import { afterEach } from 'vitest';
import { serveHttp, type HttpServeOptions, type McpHttpServer } from '../src/server/serve-http.js';
import { TallyTool } from './test-tools.js';

/** A started server and the tool it serves. */
export interface TallyServer {
  readonly server: McpHttpServer;
  readonly tally: TallyTool;
}

/** Registers the closing of every server started in a test; returns the function that starts one. */
export function useTallyServers(): (options?: HttpServeOptions) => Promise<TallyServer> {
  const servers: McpHttpServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (options = {}) => {
    const tally = new TallyTool();
    const server = await serveHttp(new ToolGate({ tools: [tally], permissions: { allow: ['tally'] } }), options);
    servers.push(server);
    return { server, tally };
  };
}
