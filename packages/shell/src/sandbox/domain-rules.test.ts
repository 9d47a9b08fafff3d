import { describe, expect, it } from 'vitest';
import { allowingRule, checkDomainRule, isDomainName } from './domain-rules.js';
import { isIpLiteral } from './ip-literal.js';

const IP_ADDRESS = (rule: string): string =>
  `The domain rule ${JSON.stringify(rule)} is an IP address; the sandbox reaches allowed domains by name only and refuses every connection to an IP address.`;
const WILDCARD_ELSEWHERE = (rule: string): string =>
  `The domain rule ${JSON.stringify(rule)} has a "*" other than at its start; a wildcard rule is "*." and a domain ("*.example.com", its subdomains).`;
const EVERY_DOMAIN = (rule: string): string =>
  `The domain rule ${JSON.stringify(rule)} would allow every domain, which a rule cannot; name the domains, such as "example.com" or "*.example.com".`;
const SCHEME = (rule: string, suggestion: string): string =>
  `The domain rule ${JSON.stringify(rule)} holds a scheme; a rule names a domain alone and covers HTTP and HTTPS on every port${suggestion}.`;

const longLabel = 'a'.repeat(64);
const longName = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`; // 254 bytes

describe('checkDomainRule (SPEC SB-3)', () => {
  it.each([
    'registry.npmjs.org',
    'Registry.NPMJS.Org',
    'example.com.',
    '*.github.com',
    '*.GitHub.com.',
    'localhost',
    '*.localhost',
    'xn--bcher-kva.de',
    'foo_bar.example.com',
    'a-b.c-d.example',
    `${'a'.repeat(63)}.com`,
    `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`, // 253 bytes, the most
  ])('SB-3: %j is a domain rule', (rule) => {
    expect(checkDomainRule(rule)).toBeUndefined();
  });

  it.each([
    ['', 'A domain rule is empty; write a domain such as "example.com", or "*.example.com" for its subdomains.'],
    [
      'exa\nmple.com',
      'The domain rule "exa\\nmple.com" holds a control character; write the domain name alone, such as "example.com".',
    ],
    [
      'a\u0000b',
      'The domain rule "a\\u0000b" holds a control character; write the domain name alone, such as "example.com".',
    ],
    ['a b.com', 'The domain rule "a b.com" holds whitespace; write the domain name alone, such as "example.com".'],
    [
      ' example.com',
      'The domain rule " example.com" holds whitespace; write the domain name alone, such as "example.com".',
    ],
    ['bücher.de', 'The domain rule "bücher.de" is not ASCII; write it in punycode: "xn--bcher-kva.de".'],
    ['*.bücher.de', 'The domain rule "*.bücher.de" is not ASCII; write it in punycode: "*.xn--bcher-kva.de".'],
    ['https://example.com/path', SCHEME('https://example.com/path', ': write "example.com"')],
    ['http://example.com:8080', SCHEME('http://example.com:8080', ': write "example.com"')],
    ['ftp://', SCHEME('ftp://', '')],
    [
      'example.com/api',
      'The domain rule "example.com/api" holds a path; a rule covers a whole domain: write "example.com".',
    ],
    [
      'example.com:443',
      'The domain rule "example.com:443" holds a port; a rule covers every port of its domain: write "example.com".',
    ],
    ['1.2.3.4', IP_ADDRESS('1.2.3.4')],
    ['127.0.0.1.', IP_ADDRESS('127.0.0.1.')],
    ['::1', IP_ADDRESS('::1')],
    ['[::1]', IP_ADDRESS('[::1]')],
    ['[2001:db8::1]', IP_ADDRESS('[2001:db8::1]')],
    ['2130706433', IP_ADDRESS('2130706433')],
    ['127.1', IP_ADDRESS('127.1')],
    ['0x7f000001', IP_ADDRESS('0x7f000001')],
    ['*.10.0.0.1', IP_ADDRESS('*.10.0.0.1')],
    ['*', EVERY_DOMAIN('*')],
    ['*.', EVERY_DOMAIN('*.')],
    ['*.*.example.com', WILDCARD_ELSEWHERE('*.*.example.com')],
    ['api.*.example.com', WILDCARD_ELSEWHERE('api.*.example.com')],
    ['*example.com', WILDCARD_ELSEWHERE('*example.com')],
    ['example.*', WILDCARD_ELSEWHERE('example.*')],
    [
      '.example.com',
      'The domain rule ".example.com" begins with a dot; write "example.com" for the domain itself, or "*.example.com" for its subdomains.',
    ],
    ['.', 'The domain rule "." names no domain; write a domain such as "example.com".'],
    ['example..com', 'The domain rule "example..com" has an empty label (two dots in a row, or a dot at an end).'],
    ['example.com..', 'The domain rule "example.com.." has an empty label (two dots in a row, or a dot at an end).'],
    [
      `${longLabel}.com`,
      `The domain rule "${longLabel}.com" has a label of 64 bytes ("aaaaaaaaaaaa…"); a label has at most 63.`,
    ],
    [longName, `The domain rule "${longName}" is 254 bytes long; a domain name has at most 253.`],
    [
      'user@example.com',
      'The domain rule "user@example.com" holds "@", which no domain name has; a name has letters, digits, hyphens, underscores and dots only.',
    ],
    [
      '-foo.example.com',
      'The domain rule "-foo.example.com" has the label "-foo", which begins or ends with a hyphen; no domain name\'s label does.',
    ],
  ])('SB-3: %j is refused with its reason', (rule, message) => {
    expect(checkDomainRule(rule)).toBe(message);
  });
});

describe('allowingRule (SPEC SB-3)', () => {
  const rules = ['registry.npmjs.org', '*.github.com', 'LocalHost.'];

  it.each([
    ['registry.npmjs.org', 'registry.npmjs.org'],
    ['REGISTRY.npmjs.ORG', 'registry.npmjs.org'],
    ['registry.npmjs.org.', 'registry.npmjs.org'],
    ['api.github.com', '*.github.com'],
    ['a.b.github.com', '*.github.com'],
    ['API.GitHub.com.', '*.github.com'],
    ['localhost', 'LocalHost.'],
    ['localhost.', 'LocalHost.'],
  ])('SB-3: %j is let through by %j', (host, rule) => {
    expect(allowingRule(host, rules)).toBe(rule);
  });

  it.each([
    'github.com', // a wildcard covers subdomains only, not the apex
    'npmjs.org',
    'www.registry.npmjs.org',
    'evilgithub.com',
    'github.com.evil.org',
    'api.github.com..',
    'registry.npmjs.org:443',
    'local host',
    'localhost\u0000.evil.org',
    'bücher.github.com',
    '',
  ])('SB-3: %j is not let through', (host) => {
    expect(allowingRule(host, rules)).toBeUndefined();
  });

  it('SB-3: an IP address is never let through, whatever the rules say', () => {
    const careless = ['127.0.0.1', '::1', '[::1]', '2130706433', '*.0.0.1', '*.1'];
    for (const host of [
      '127.0.0.1',
      '::1',
      '[::1]',
      '2130706433',
      '127.1',
      '0x7f.0.0.1',
      '10.0.0.1',
      '1.0.0.1',
      'x.1',
    ]) {
      expect([host, allowingRule(host, careless)]).toEqual([host, undefined]);
    }
  });

  it('SB-3: a rule that checkDomainRule refuses allows nothing', () => {
    expect(
      allowingRule('example.com', ['*', 'https://example.com', 'example.com:443', ' example.com']),
    ).toBeUndefined();
  });

  it('SB-3: no rules allow nothing', () => {
    expect(allowingRule('example.com', [])).toBeUndefined();
  });
});

describe('isIpLiteral and isDomainName (SPEC SB-3)', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.0.0.1.', true],
    ['::1', true],
    ['[::1]', true],
    ['fe80::1%eth0', true],
    ['::ffff:127.0.0.1', true],
    // The resolver reads a name whose last label is a number as IPv4: 2130706433 is 127.0.0.1.
    ['2130706433', true],
    ['127.1', true],
    ['0177.0.0.1', true],
    ['0x7f000001', true],
    ['0X7F.1', true],
    ['1.2.3.4.5', true],
    ['[not-an-address]', false],
    ['example.com', false],
    ['1.example.com', false],
    ['7f000001', false],
    ['0xcafe.example', false],
  ])('SB-3: %j is an IP address: %s', (host, literal) => {
    expect(isIpLiteral(host)).toBe(literal);
  });

  it.each([
    ['example.com', true],
    ['example.com.', true],
    ['localhost', true],
    ['127.0.0.1', false],
    ['2130706433', false],
    ['', false],
    ['.', false],
    ['exa mple.com', false],
    ['example..com', false],
    ['[::1]', false],
  ])('SB-3: %j is a domain name: %s', (host, name) => {
    expect(isDomainName(host)).toBe(name);
  });
});
