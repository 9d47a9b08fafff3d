import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '@toolwright/test-support/free-port';
import { describeFailure } from './describe-failure.js';

/** An error as Node's socket gives it: a real connection attempt to a port nobody listens on. */
async function refusedConnection(): Promise<Error> {
  const port = await freePort();
  return new Promise((resolve) => createConnection({ host: '127.0.0.1', port }).once('error', resolve));
}

/** An error reply as ioredis gives it: an Error named ReplyError whose message is Redis's reply. */
function replyError(message: string): Error {
  return Object.assign(new Error(message), { name: 'ReplyError' });
}

describe('what failed, in one line (SPEC IN-4)', () => {
  it('IN-4: connection errors by their code, name the server', async () => {
    expect(describeFailure(await refusedConnection(), 'Redis at 127.0.0.1:6390')).toBe(
      'Redis at 127.0.0.1:6390 refused the connection',
    );
    const coded = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.9:6379`), { code });
    expect(describeFailure(coded('ETIMEDOUT'), 'Redis at h:1')).toBe('Redis at h:1 could not be reached (ETIMEDOUT)');
    expect(describeFailure(coded('ECONNRESET'), 'Redis at h:1')).toBe(
      'Redis at h:1 closed the connection (ECONNRESET)',
    );
    expect(describeFailure(coded('ENOTFOUND'), 'Redis at h:1')).toBe(
      'Redis at h:1 could not be found: its host name does not resolve (ENOTFOUND)',
    );
    expect(describeFailure(coded('EMFILE'), 'Redis at h:1')).toBe('Redis at h:1: connect EMFILE 10.0.0.9:6379');
  });

  it("IN-4: ioredis's own messages, Redis's error replies, and TLS failures", () => {
    expect(describeFailure(new Error("Stream isn't writeable and enableOfflineQueue options is false"), 'Redis')).toBe(
      'Redis is not connected',
    );
    expect(describeFailure(new Error('Connection is closed.'), 'Redis at h:1')).toBe(
      'Redis at h:1 closed the connection before it answered',
    );
    expect(describeFailure(new Error('Command timed out'), 'Redis')).toBe(
      "Redis did not answer within the client's commandTimeout",
    );
    expect(describeFailure(new Error('Unknown RESP type 72 "H". Please report this.'), 'Redis at h:1')).toBe(
      'Redis at h:1 answered, but not as Redis does: is another server listening there?',
    );
    expect(describeFailure(replyError('NOPERM User agent has no permissions to access one of the keys'), 'Redis')).toBe(
      'Redis refused the command to this user (NOPERM): allow it SET on the key prefix, and SELECT for a database other than 0',
    );
    expect(describeFailure(replyError("READONLY You can't write against a read only replica."), 'Redis at h:1')).toBe(
      "Redis at h:1 failed the command: READONLY You can't write against a read only replica.",
    );
    const certificate = Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' });
    expect(describeFailure(certificate, 'Redis at h:1')).toBe(
      'Redis at h:1: the TLS connection failed (self-signed certificate)',
    );
    expect(describeFailure('a thrown string', 'Redis')).toBe('Redis: a thrown string');
  });

  it('IN-4: the password never appears, wherever the error repeats it', () => {
    const leaky = replyError('ERR invalid password hunter2-long for user, hunter2-long again');
    expect(describeFailure(leaky, 'Redis at h:1', 'hunter2-long')).toBe(
      'Redis at h:1 failed the command: ERR invalid password *** for user, *** again',
    );
    expect(describeFailure(new Error('oops hunter2-long'), 'Redis', 'hunter2-long')).toBe('Redis: oops ***');
  });
});
