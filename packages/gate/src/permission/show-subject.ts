import { posix } from 'node:path';

const MAX_SHOWN_SUBJECT = 200;

/** A subject quoted for a message: JSON-escaped (no raw control characters), cut at 200 characters. */
export function show(value: string): string {
  const text = JSON.stringify(value.length > MAX_SHOWN_SUBJECT ? `${value.slice(0, MAX_SHOWN_SUBJECT)}…` : value);
  return `'${text.slice(1, -1)}'`;
}

/** An absolute path a tool asks about, normalised; `undefined` for anything else (which is never permitted). */
export function normalizePermitPath(path: unknown): string | undefined {
  if (typeof path !== 'string' || !path.startsWith('/') || path.includes('\0')) return undefined;
  return posix.resolve(path);
}
