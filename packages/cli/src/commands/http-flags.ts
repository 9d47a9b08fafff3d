import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { HttpServeOptions } from '@toolwright/mcp';
import { isLoopbackHost } from '@toolwright/mcp/internal';
import { UsageError } from '../errors/usage-error.js';

/** The flags of `toolwright serve --http`, as `node:util` `parseArgs` options. */
export const HTTP_FLAG_OPTIONS = {
  http: { type: 'boolean', default: false },
  host: { type: 'string' },
  port: { type: 'string' },
  'token-file': { type: 'string' },
  'allowed-host': { type: 'string', multiple: true },
  'allowed-origin': { type: 'string', multiple: true },
  'max-body-bytes': { type: 'string' },
  'max-concurrent': { type: 'string' },
} as const;

/** The help lines of the HTTP flags. */
export const HTTP_FLAGS_HELP = `  --http              serve over Streamable HTTP instead of stdio (until SIGINT or SIGTERM)
  --host <address>    the address to listen on (default 127.0.0.1: this machine only); any other
                      address needs --token-file and --allowed-host
  --port <n>          the port (default 0: a free one, named on the first line of stderr)
  --token-file <file> a file holding the bearer token every request must carry (16 characters or
                      more); readable by its owner only, like an SSH key
  --allowed-host <h>  a Host header value clients use, e.g. tools.internal:8080 (repeatable;
                      replaces the loopback names)
  --allowed-origin <o>  a web origin whose pages may call the server (repeatable)
  --max-body-bytes <n>  the largest request body (default 4194304)
  --max-concurrent <n>  the most requests served at once (default 64); past it, 503
`;

/** The values `parseArgs` gives for {@link HTTP_FLAG_OPTIONS}. */
export interface HttpFlagValues {
  readonly http: boolean;
  readonly host?: string | undefined;
  readonly port?: string | undefined;
  readonly 'token-file'?: string | undefined;
  readonly 'allowed-host'?: string[] | undefined;
  readonly 'allowed-origin'?: string[] | undefined;
  readonly 'max-body-bytes'?: string | undefined;
  readonly 'max-concurrent'?: string | undefined;
}

/** The HTTP flags named without `--http`, which would be ignored; a usage error names the first. */
export function checkHttpFlagsNeedHttp(values: HttpFlagValues): void {
  if (values.http) return;
  const given = Object.keys(HTTP_FLAG_OPTIONS).find(
    (name) => name !== 'http' && values[name as keyof HttpFlagValues] !== undefined,
  );
  if (given !== undefined) throw new UsageError(`--${given} needs --http (serve speaks stdio without it)`);
}

/**
 * The `serveHttp` options the flags name, each checked: a mistake is a usage error before the
 * plugin loads. The token is read from its file (one line; a trailing line break is not part of
 * it), which must be a regular file that neither its group nor others can read.
 */
export function httpServeOptionsFrom(values: HttpFlagValues, cwd: string): HttpServeOptions {
  const port = values.port === undefined ? undefined : integerFlag('--port', values.port, 0, 65_535);
  const maxBodyBytes =
    values['max-body-bytes'] === undefined
      ? undefined
      : integerFlag('--max-body-bytes', values['max-body-bytes'], 1, Number.MAX_SAFE_INTEGER);
  const maxConcurrent =
    values['max-concurrent'] === undefined
      ? undefined
      : integerFlag('--max-concurrent', values['max-concurrent'], 1, 100_000);
  const tokenFile = values['token-file'];
  if (values.host !== undefined && !isLoopbackHost(values.host)) {
    if (tokenFile === undefined)
      throw new UsageError(
        `--host ${values.host} needs --token-file: anyone who reaches that address could call the tools (only a loopback address may go without)`,
      );
    if (values['allowed-host'] === undefined)
      throw new UsageError(
        `--host ${values.host} needs --allowed-host, the Host header value clients reach it by (e.g. tools.internal:8080)`,
      );
  }
  return {
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(port === undefined ? {} : { port }),
    ...(tokenFile === undefined ? {} : { bearerToken: readToken(resolve(cwd, tokenFile), tokenFile) }),
    ...(values['allowed-host'] === undefined ? {} : { allowedHosts: values['allowed-host'] }),
    ...(values['allowed-origin'] === undefined ? {} : { allowedOrigins: values['allowed-origin'] }),
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
    ...(maxConcurrent === undefined ? {} : { maxConcurrentRequests: maxConcurrent }),
  };
}

function integerFlag(flag: string, value: string, min: number, max: number): number {
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(number) && number >= min && number <= max) return number;
  throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
}

function readToken(path: string, given: string): string {
  let mode: number;
  let text: string;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw new UsageError(`--token-file ${given} is not a file`);
    mode = stats.mode;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (UsageError.isInstance(error)) throw error;
    throw new UsageError(`--token-file ${given} cannot be read: ${(error as Error).message}`);
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
    throw new UsageError(
      `--token-file ${given} can be read by others (mode ${(mode & 0o777).toString(8)}); make it private: chmod 600 ${given}`,
    );
  }
  const token = text.replace(/\r?\n$/, '');
  if (/[\r\n]/.test(token)) throw new UsageError(`--token-file ${given} must hold the token on one line`);
  return token;
}
