// The proxy's connection to an allowed destination, made (and its name resolved) on the host.
import { connect, type Socket } from 'node:net';

/** Where a client asked to go: a host as it named it and a port from 1 to 65535. */
export interface Destination {
  readonly host: string;
  readonly port: number;
}

/** Why no connection was made: the destination refused it, could not be reached, did not answer in time, or the client (or the proxy) left first. */
export interface UpstreamFailure {
  readonly failure: 'refused' | 'unreachable' | 'timeout' | 'abandoned';
  /** What happened, as the end of a sentence ("the name does not resolve"). */
  readonly detail: string;
}

/**
 * Connects to `destination` (its name resolved by the host's resolver), giving up after
 * `timeoutMs` or when `client` closes first. The socket, half-open allowed, is passed to `track`
 * as soon as it exists, so that the proxy's close destroys it even while it connects.
 */
export function connectUpstream(
  destination: Destination,
  timeoutMs: number,
  client: Socket,
  track: (socket: Socket) => void,
): Promise<Socket | UpstreamFailure> {
  return new Promise((resolve) => {
    const upstream = connect({ host: destination.host, port: destination.port, allowHalfOpen: true });
    track(upstream);
    let settled = false;
    const settle = (outcome: Socket | UpstreamFailure): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      client.off('close', onClientClose);
      if (outcome !== upstream) upstream.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(
      () => settle({ failure: 'timeout', detail: `it did not answer within ${timeoutMs} ms` }),
      timeoutMs,
    );
    const onClientClose = (): void => settle({ failure: 'abandoned', detail: 'the client left first' });
    client.once('close', onClientClose);
    upstream.on('error', (error: NodeJS.ErrnoException) => settle(describeFailure(error)));
    upstream.once('connect', () => settle(upstream));
    // Destroyed before it connected (by the proxy's close): no error comes, only the close.
    upstream.once('close', () => settle({ failure: 'abandoned', detail: 'the proxy closed' }));
  });
}

function describeFailure(error: NodeJS.ErrnoException): UpstreamFailure {
  const code = error.code ?? (error as { errors?: NodeJS.ErrnoException[] }).errors?.[0]?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return { failure: 'refused', detail: 'it refused the connection (ECONNREFUSED)' };
    case 'ENOTFOUND':
      return { failure: 'unreachable', detail: 'the name does not resolve (ENOTFOUND)' };
    case 'EAI_AGAIN':
      return { failure: 'unreachable', detail: 'the name could not be resolved now (EAI_AGAIN)' };
    default:
      return { failure: 'unreachable', detail: `the connection failed (${code ?? error.message})` };
  }
}
