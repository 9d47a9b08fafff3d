/** Node's connection error codes, and what each says about the server. */
const CONNECTION_PROBLEMS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'refused the connection',
  ECONNRESET: 'closed the connection (ECONNRESET)',
  EPIPE: 'closed the connection (EPIPE)',
  ETIMEDOUT: 'could not be reached (ETIMEDOUT)',
  EHOSTUNREACH: 'could not be reached (EHOSTUNREACH)',
  ENETUNREACH: 'could not be reached (ENETUNREACH)',
  EHOSTDOWN: 'could not be reached (EHOSTDOWN)',
  ENOTFOUND: 'could not be found: its host name does not resolve (ENOTFOUND)',
  EAI_AGAIN: 'could not be found: its host name did not resolve (EAI_AGAIN)',
};

/** ioredis's own messages for a client that is not connected, and what each says here. */
const CLIENT_PROBLEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Stream isn't writeable/, 'is not connected'],
  [/^Connection is closed\.$/, 'closed the connection before it answered'],
  [/^Command timed out$/, "did not answer within the client's commandTimeout"],
  [/^(Unknown RESP type|Protocol error)/, 'answered, but not as Redis does: is another server listening there?'],
];

/** Redis's error replies that say who may do what, and what each means here. */
const ACCESS_PROBLEMS: Readonly<Record<string, string>> = {
  NOAUTH: 'requires a password: give it in the url or the connection (NOAUTH)',
  WRONGPASS: 'refused the login: wrong user name or password (WRONGPASS)',
  NOPERM:
    'refused the command to this user (NOPERM): allow it SET on the key prefix, and SELECT for a database other than 0',
};

/**
 * One line that says what failed, for the gate's denial: `Redis at 127.0.0.1:6390 refused the
 * connection`. `server` names the server (`Redis at host:port`, or `Redis` when unknown); whatever
 * the message takes from the error has `password` replaced by `***`.
 */
export function describeFailure(error: unknown, server: string, password?: string): string {
  const { code, name, message } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
  };
  const text = hidden(typeof message === 'string' ? message : String(error), password);
  if (typeof code === 'string' && CONNECTION_PROBLEMS[code] !== undefined)
    return `${server} ${CONNECTION_PROBLEMS[code]}`;
  const client = CLIENT_PROBLEMS.find(([pattern]) => pattern.test(text));
  if (client !== undefined) return `${server} ${client[1]}`;
  if (name === 'ReplyError') {
    const access = ACCESS_PROBLEMS[text.split(' ', 1)[0] ?? ''];
    return access === undefined ? `${server} failed the command: ${text}` : `${server} ${access}`;
  }
  if (typeof code === 'string' && /CERT|TLS|SSL|SELF_SIGNED/.test(code))
    return `${server}: the TLS connection failed (${text})`;
  return `${server}: ${text}`;
}

/** `text` with every occurrence of `password` replaced by `***`. */
function hidden(text: string, password: string | undefined): string {
  return password === undefined || password === '' ? text : text.split(password).join('***');
}
