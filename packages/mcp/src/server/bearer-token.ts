import { ToolwrightError } from '@toolwright/core';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** RFC 6750's b64token: the characters a bearer token may have. */
const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** `Bearer`, in any case (an auth scheme is case-insensitive), one or more spaces, then a b64token. */
const BEARER_CREDENTIALS = /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i;

/** The shortest token `bearerToken` takes: a shorter one can be guessed. */
export const MIN_BEARER_TOKEN_LENGTH = 16;

/**
 * The `bearerToken` option, checked: a string of at least 16 characters of RFC 6750's token
 * alphabet (letters, digits, `-._~+/`, trailing `=`), as `openssl rand -hex 32` makes. Anything
 * else throws `INVALID_OPTIONS` (an empty or short token would let anyone in).
 */
export function checkBearerTokenOption(token: unknown): string {
  if (typeof token === 'string' && B64TOKEN.test(token) && token.length >= MIN_BEARER_TOKEN_LENGTH) return token;
  throw new ToolwrightError(
    'INVALID_OPTIONS',
    `bearerToken must be at least ${MIN_BEARER_TOKEN_LENGTH} characters of letters, digits and -._~+/ (trailing = allowed), e.g. the output of 'openssl rand -hex 32'.`,
  );
}

/**
 * The token of the request's `Authorization: Bearer <token>` header (RFC 6750 §2.1), or undefined
 * when there is no such header, more than one, another scheme (`Basic …`), no token, or a token
 * with characters outside the token alphabet. Only the scheme word is case-insensitive.
 */
export function readBearerToken(request: IncomingMessage): string | undefined {
  const values = request.headersDistinct.authorization;
  if (values?.length !== 1) return undefined;
  return BEARER_CREDENTIALS.exec(values[0]!)?.[1];
}

/**
 * A check of presented tokens against `expected` that takes the same time whatever the presented
 * token is: both are hashed (SHA-256) and the digests compared with `timingSafeEqual`, so neither
 * the position of the first wrong character nor the length leaks.
 */
export function createBearerTokenCheck(expected: string): (presented: string | undefined) => boolean {
  const expectedDigest = createHash('sha256').update(expected, 'utf8').digest();
  return (presented) => {
    const digest = createHash('sha256')
      .update(presented ?? '', 'utf8')
      .digest();
    return timingSafeEqual(digest, expectedDigest) && presented !== undefined;
  };
}
