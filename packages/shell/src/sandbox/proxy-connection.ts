// What each of the proxy's connections knows of the proxy, and how it reaches its destination.
import { Socket } from 'node:net';
import { connectUpstream, type Destination, type UpstreamFailure } from './connect-upstream.js';
import { judgeDestination } from './destination-verdict.js';
import type { HandshakeReader } from './handshake-reader.js';
import { joinSockets } from './join-sockets.js';
import { sendAndClose } from './socket-endings.js';

/** A refusal, as the proxy reports it to its host. */
export interface ProxyRefusal {
  /** The host the client named (an IP address as it gave it). */
  readonly host: string;
  readonly port: number;
  /** Why, in a sentence: the client's message without its `toolwright sandbox: ` prefix. */
  readonly reason: string;
}

/** One client connection's view of its proxy. */
export interface ProxyConnection {
  readonly client: Socket;
  readonly reader: HandshakeReader;
  readonly allowedDomains: readonly string[];
  readonly connectTimeoutMs: number;
  /** How long a socket that got its last answer may stay open while its client has not closed it. */
  readonly lingerMs: number;
  /** Hands a socket to the proxy, which destroys it on close. */
  readonly track: (socket: Socket) => void;
  /** Tells the host of a refusal; never throws. */
  readonly reportRefusal: (refusal: ProxyRefusal) => void;
  /** Stops the handshake's clock: the client said where it goes. */
  readonly endHandshake: () => void;
}

/** How one protocol answers a client at each outcome of reaching its destination. */
export interface DestinationAnswers {
  readonly refused: (reason: string) => Buffer;
  readonly malformed: (reason: string) => Buffer;
  readonly failed: (failure: UpstreamFailure) => Buffer;
  /** What the client, and the destination, are sent first once connected (before what the client sent early). */
  readonly connected: { readonly toClient: Buffer; readonly toUpstream: Buffer };
}

/**
 * Judges the destination; refuses it (telling the host) or answers a malformed one, else connects
 * and joins the two sockets, the bytes the client sent after its request going first.
 */
export async function reachDestination(
  connection: ProxyConnection,
  destination: Destination,
  answers: DestinationAnswers,
): Promise<void> {
  const { client } = connection;
  const early = connection.reader.release();
  const verdict = judgeDestination(destination, connection.allowedDomains);
  if (verdict.kind !== 'allowed') {
    if (verdict.kind === 'refused') connection.reportRefusal({ ...destination, reason: verdict.reason });
    sendAndClose(client, answers[verdict.kind](verdict.reason), connection.lingerMs);
    return;
  }
  connection.endHandshake();
  const upstream = await connectUpstream(destination, connection.connectTimeoutMs, client, connection.track);
  if (!(upstream instanceof Socket)) {
    if (upstream.failure !== 'abandoned') sendAndClose(client, answers.failed(upstream), connection.lingerMs);
    return;
  }
  if (client.destroyed) {
    upstream.destroy();
    return;
  }
  client.write(answers.connected.toClient);
  upstream.write(Buffer.concat([answers.connected.toUpstream, early]));
  joinSockets(client, upstream);
}
