import { shortenText } from '@toolwright/core/internal';
import { posix } from 'node:path';

const MAX_SHOWN_SUBJECT = 200;

/** A subject quoted for a message: JSON-escaped (no raw control characters), cut at 200 characters. */
export function show(value: string): string {
  const text = JSON.stringify(shortenText(value, MAX_SHOWN_SUBJECT));
  return `'${text.slice(1, -1)}'`;
}

/** What `posix.resolve` would change in an absolute path: `//`, a `.` or `..` segment, a trailing `/`. */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/;

/** An absolute path a tool asks about, normalised; `undefined` for anything else (which is never permitted). */
export function normalizePermitPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/') || path.includes('\0')) return undefined;
  // Most paths a search asks about are normal already (SPEC PF-3).
  return NOT_NORMAL.test(path) ? posix.resolve(path) : path;
}
