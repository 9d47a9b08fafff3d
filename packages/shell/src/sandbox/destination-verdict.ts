// Whether the proxy takes a client to a destination, and the sentence that says why not.
import type { Destination } from './connect-upstream.js';
import { allowingRule, isDomainName } from './domain-rules.js';
import { isIpLiteral } from './ip-literal.js';

/**
 * The proxy's verdict on a destination: allowed (by the rule named), refused by the policy (the
 * client is told why, and the host too), or not a destination at all (a malformed request).
 */
export type DestinationVerdict =
  | { readonly kind: 'allowed'; readonly rule: string }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'malformed'; readonly reason: string };

/** Judges `destination` against the allowed domain rules: IP addresses are always refused, names only by rule. */
export function judgeDestination(destination: Destination, allowedDomains: readonly string[]): DestinationVerdict {
  const { host, port } = destination;
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return { kind: 'malformed', reason: `the port ${port} is not a port from 1 to 65535` };
  if (isIpLiteral(host))
    return {
      kind: 'refused',
      reason: `connections to IP addresses (${host}) are refused; only allowed domains are reached, by name`,
    };
  if (!isDomainName(host)) return { kind: 'malformed', reason: `${JSON.stringify(host)} is not a domain name` };
  const rule = allowingRule(host, allowedDomains);
  if (rule !== undefined) return { kind: 'allowed', rule };
  const allowed = allowedDomains.length === 0 ? 'none' : allowedDomains.join(', ');
  return { kind: 'refused', reason: `${host} is not an allowed domain; allowed: ${allowed}` };
}

/** The text a client reads for a verdict or failure: the sentence, prefixed so that it is known to come from the sandbox. */
export function sandboxMessage(sentence: string): string {
  return `toolwright sandbox: ${sentence}\n`;
}
