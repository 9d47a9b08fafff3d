// The SOCKS5 messages the proxy reads and writes (RFC 1928): the greeting, the request, the reply.
import type { Parsed } from './handshake-reader.js';

/** The reply codes of RFC 1928 the proxy sends. */
export const SocksReply = {
  succeeded: 0x00,
  generalFailure: 0x01,
  notAllowedByRuleset: 0x02,
  networkUnreachable: 0x03,
  hostUnreachable: 0x04,
  connectionRefused: 0x05,
  commandNotSupported: 0x07,
  addressTypeNotSupported: 0x08,
} as const;

/** A SOCKS5 request: a CONNECT to a host (a name, or an IP address written out) and port, or one the proxy answers with a failure code. */
export type SocksRequest =
  | { readonly kind: 'connect'; readonly host: string; readonly port: number }
  | { readonly kind: 'unsupported'; readonly reply: number };

/** The greeting (`05 n methods…`): true when the client offers "no authentication", the one method the proxy takes. */
export function parseGreeting(buffer: Buffer): Parsed<boolean> {
  if (buffer.length < 2) return undefined;
  const length = 2 + buffer[1]!;
  if (buffer.length < length) return undefined;
  return { value: buffer.subarray(2, length).includes(0x00), length };
}

/** The request (`05 command 00 type address port`), once all of it has arrived. */
export function parseSocksRequest(buffer: Buffer): Parsed<SocksRequest> {
  if (buffer.length < 4) return undefined;
  const [version, command, , addressType] = buffer;
  if (version !== 0x05) return { value: { kind: 'unsupported', reply: SocksReply.generalFailure }, length: 4 };
  const addressLength = addressBytes(buffer);
  if (addressLength === null)
    return { value: { kind: 'unsupported', reply: SocksReply.addressTypeNotSupported }, length: 4 };
  if (addressLength === undefined || buffer.length < 4 + addressLength + 2) return undefined;
  const length = 4 + addressLength + 2;
  if (command !== 0x01) return { value: { kind: 'unsupported', reply: SocksReply.commandNotSupported }, length };
  const address = buffer.subarray(4, 4 + addressLength);
  const host =
    addressType === 0x01
      ? address.join('.')
      : addressType === 0x04
        ? ipv6Text(address)
        : address.subarray(1).toString('latin1');
  return { value: { kind: 'connect', host, port: buffer.readUInt16BE(4 + addressLength) }, length };
}

/** A reply with `code`, bound to 0.0.0.0:0 (the client has no use for the proxy's own address). */
export function socksReply(code: number): Buffer {
  return Buffer.from([0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0]);
}

// How many bytes the address takes (a name: its length byte and itself); undefined until that has
// arrived, null for an address type RFC 1928 does not have.
function addressBytes(buffer: Buffer): number | undefined | null {
  switch (buffer[3]) {
    case 0x01:
      return 4;
    case 0x04:
      return 16;
    case 0x03:
      return buffer.length < 5 ? undefined : 1 + buffer[4]!;
    default:
      return null;
  }
}

// The address in its shortest form (`::1`), as the URL parser writes it.
function ipv6Text(address: Buffer): string {
  const groups = Array.from({ length: 8 }, (_, index) => address.readUInt16BE(index * 2).toString(16));
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}
