// A SOCKS5 client of the proxy: no authentication, CONNECT to an allowed domain by name, nothing else.
import type { UpstreamFailure } from './connect-upstream.js';
import { reachDestination, type DestinationAnswers, type ProxyConnection } from './proxy-connection.js';
import { parseGreeting, parseSocksRequest, socksReply, SocksReply } from './socks5-messages.js';
import { sendAndClose } from './socket-endings.js';

const NO_ACCEPTABLE_METHODS = Buffer.from([0x05, 0xff]);
const NO_AUTHENTICATION = Buffer.from([0x05, 0x00]);

const ANSWERS: DestinationAnswers = {
  refused: () => socksReply(SocksReply.notAllowedByRuleset),
  malformed: () => socksReply(SocksReply.generalFailure),
  failed: (failure: UpstreamFailure) =>
    socksReply(failure.failure === 'refused' ? SocksReply.connectionRefused : SocksReply.hostUnreachable),
  connected: { toClient: socksReply(SocksReply.succeeded), toUpstream: Buffer.alloc(0) },
};

/**
 * Serves a client whose first byte was 5: the greeting (only "no authentication" is accepted),
 * then one request. CONNECT to a domain name is judged by the rules; an IPv4 or IPv6 address is
 * refused as a raw IP connection (reply 2, "not allowed by ruleset"); other commands get reply 7.
 */
export async function serveSocks5(connection: ProxyConnection): Promise<void> {
  const { client, reader, lingerMs } = connection;
  const greeting = await reader.read(parseGreeting);
  if (!greeting.ok || !greeting.value) {
    reader.release();
    if (greeting.ok) sendAndClose(client, NO_ACCEPTABLE_METHODS, lingerMs);
    else client.destroy();
    return;
  }
  client.write(NO_AUTHENTICATION);
  const request = await reader.read(parseSocksRequest);
  if (!request.ok) {
    reader.release();
    client.destroy();
    return;
  }
  if (request.value.kind === 'unsupported') {
    reader.release();
    sendAndClose(client, socksReply(request.value.reply), lingerMs);
    return;
  }
  await reachDestination(connection, { host: request.value.host, port: request.value.port }, ANSWERS);
}
