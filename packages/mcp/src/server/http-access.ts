import { ToolwrightError } from '@toolwright/core';
import { checkAllowedHost, resolveAllowedHosts } from './allowed-hosts.js';
import { checkAllowedOrigin, resolveAllowedOrigins } from './allowed-origins.js';
import { checkBearerTokenOption, createBearerTokenCheck } from './bearer-token.js';
import type { HttpAuthorizationChecks, HttpAuthorizer } from './http-authorization.js';
import { isLoopbackHost } from './loopback-host.js';

/** The options of `serveHttp` that decide who may use the server. */
export interface HttpAccessOptions {
  /** The address to listen on. Default `127.0.0.1`: reachable from this machine only. Any other address needs `allowedHosts` and `bearerToken` or `authorize`. */
  readonly host?: string;
  /**
   * Host header values accepted (DNS-rebinding protection), each `name[:port]`, compared without
   * regard to case; it replaces the defaults. Default on a loopback address: `127.0.0.1:<port>`,
   * `localhost:<port>`, `[::1]:<port>`. Required on any other address.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Origins accepted in an Origin header beside the server's own (`http://<host>` for each
   * accepted Host), e.g. `['https://app.example.com']`: a browser page at one of them may call the
   * server (answers carry its `Access-Control-Allow-Origin`). A present Origin that is neither is refused.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * A token every request must carry as `Authorization: Bearer <token>` (the scheme word in any
   * case), compared in constant time; at least 16 characters of letters, digits and `-._~+/`.
   * A request without it gets 401 with `WWW-Authenticate: Bearer` and runs nothing.
   */
  readonly bearerToken?: string;
  /** Decides per request whether it is served, and by which gate (see {@link HttpAuthorizer}); runs after the token check. */
  readonly authorize?: HttpAuthorizer;
}

/** Who may use a server once it listens: the Host and Origin values it accepts, and its authorization checks. */
export interface HttpAccess {
  /** Host header values accepted, lowercase. */
  readonly hosts: ReadonlySet<string>;
  /** Origin header values accepted, serialized. */
  readonly origins: ReadonlySet<string>;
  /** The token and hook every request passes. */
  readonly checks: HttpAuthorizationChecks;
}

/**
 * Checks the access options before the server listens, failing closed: a loopback address may go
 * without them (Host defaults to the loopback names at the port), any other address — a wildcard
 * like `0.0.0.0` or `::` included — needs both `allowedHosts` and a `bearerToken` or `authorize`
 * hook, else `INVALID_OPTIONS` is thrown and nothing listens. Returns the access of the server
 * once its port is known.
 */
export function resolveHttpAccess(options: HttpAccessOptions): (port: number) => HttpAccess {
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopbackHost(host);
  const checks: HttpAuthorizationChecks = {
    ...(options.bearerToken === undefined
      ? {}
      : { token: createBearerTokenCheck(checkBearerTokenOption(options.bearerToken)) }),
    ...(options.authorize === undefined ? {} : { authorize: checkAuthorize(options.authorize) }),
  };
  if (!loopback && checks.token === undefined && checks.authorize === undefined) {
    throw new ToolwrightError(
      'INVALID_OPTIONS',
      `serveHttp on '${host}' needs bearerToken or authorize: anyone who reaches that address could call the tools. Only a loopback address (127.0.0.1, ::1, localhost) may go without.`,
    );
  }
  if (options.allowedHosts === undefined && !loopback) {
    throw new ToolwrightError(
      'INVALID_OPTIONS',
      `serveHttp on '${host}' needs allowedHosts, the Host header values clients reach it by (e.g. ['tools.example.com:8080']): only a loopback address has defaults.`,
    );
  }
  if (options.allowedHosts?.length === 0) {
    throw new ToolwrightError(
      'INVALID_OPTIONS',
      'allowedHosts is empty, so every request would be refused: list the Host header values clients use, or leave it out on a loopback address.',
    );
  }
  const allowedHosts = options.allowedHosts?.map(checkAllowedHost);
  const allowedOrigins = options.allowedOrigins?.map(checkAllowedOrigin);
  return (port) => {
    const hosts = resolveAllowedHosts(allowedHosts, host, port);
    return { hosts, origins: resolveAllowedOrigins(hosts, allowedOrigins), checks };
  };
}

function checkAuthorize(authorize: unknown): HttpAuthorizer {
  if (typeof authorize === 'function') return authorize as HttpAuthorizer;
  throw new ToolwrightError('INVALID_OPTIONS', 'authorize must be a function of the request (see HttpAuthorizer).');
}
