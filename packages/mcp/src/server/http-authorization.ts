import { ToolGate } from '@toolwright/gate';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { readBearerToken } from './bearer-token.js';
import type { HttpRefusal } from './http-refusal.js';

/** What an `authorize` hook sees of a request: everything but its body, which is not read yet. */
export interface HttpAuthorizeRequest {
  /** The HTTP method, e.g. `POST`. */
  readonly method: string;
  /** The request target, path and query, e.g. `/mcp`. */
  readonly url: string;
  /** A copy of the headers, names in lowercase (Node's `IncomingHttpHeaders`). */
  readonly headers: Readonly<IncomingHttpHeaders>;
  /** The address the request came from, e.g. `127.0.0.1`. */
  readonly remoteAddress: string | undefined;
  /** The token of the one well-formed `Authorization: Bearer <token>` header, else undefined (see `bearerToken`). */
  readonly bearerToken: string | undefined;
}

/**
 * An `authorize` hook's answer. `true` or `{ allow: true }` serves the request with the server's
 * gate; `{ allow: true, gate }` serves it with a gate made for this caller (its own permissions,
 * tools and run options: the caller's permission set). `false` or `{ allow: false }` refuses it
 * with 403; `{ allow: false, status: 401 }` with 401 and `WWW-Authenticate: Bearer`.
 */
export type HttpAuthorization =
  boolean | { readonly allow: true; readonly gate?: ToolGate } | { readonly allow: false; readonly status?: 401 | 403 };

/** Decides whether a request is served, and by which gate; it may be async. Throwing or rejecting refuses the request (403). */
export type HttpAuthorizer = (request: HttpAuthorizeRequest) => HttpAuthorization | Promise<HttpAuthorization>;

/** What {@link authorizeRequest} checks: a bearer token (a constant-time check of it), a hook, or both. */
export interface HttpAuthorizationChecks {
  /** True for the server's token; absent when the server takes no token. */
  readonly token?: (presented: string | undefined) => boolean;
  /** The server's hook, run after the token passed. */
  readonly authorize?: HttpAuthorizer;
}

const UNAUTHORIZED: HttpRefusal = {
  status: 401,
  code: -32000,
  message: "Unauthorized: send this server's token as 'Authorization: Bearer <token>'",
  headers: { 'WWW-Authenticate': 'Bearer' },
};

const FORBIDDEN: HttpRefusal = { status: 403, code: -32000, message: 'Forbidden: this request is not authorized' };

/**
 * The gate that serves `request`, or the refusal. The token comes first: a request without the
 * server's token gets 401 before the hook runs. Then the hook: anything but an answer it may give
 * (a throw, a rejection, `undefined`, a `gate` that is not a ToolGate) refuses the request, so an
 * authorization that goes wrong fails closed. Nothing of the request's body is read here.
 */
export async function authorizeRequest(
  request: IncomingMessage,
  checks: HttpAuthorizationChecks,
  gate: ToolGate,
): Promise<{ readonly gate: ToolGate } | HttpRefusal> {
  const bearerToken = readBearerToken(request);
  if (checks.token !== undefined && !checks.token(bearerToken)) return UNAUTHORIZED;
  if (checks.authorize === undefined) return { gate };
  let answer: unknown;
  try {
    answer = await checks.authorize(
      Object.freeze({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: Object.freeze({ ...request.headers }),
        remoteAddress: request.socket.remoteAddress,
        bearerToken,
      }),
    );
  } catch {
    return FORBIDDEN;
  }
  return interpret(answer, gate);
}

function interpret(answer: unknown, gate: ToolGate): { readonly gate: ToolGate } | HttpRefusal {
  if (answer === true) return { gate };
  if (typeof answer !== 'object' || answer === null) return FORBIDDEN;
  const { allow, gate: callerGate, status } = answer as { allow?: unknown; gate?: unknown; status?: unknown };
  if (allow === true) {
    if (callerGate === undefined) return { gate };
    return callerGate instanceof ToolGate ? { gate: callerGate } : FORBIDDEN;
  }
  return allow === false && status === 401 ? UNAUTHORIZED : FORBIDDEN;
}
