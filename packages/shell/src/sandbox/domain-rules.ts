// The domain rules of a sandbox's network policy: which rules are well formed, and which rule lets a host through.
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { isIpLiteral } from './ip-literal.js';

const MAXIMUM_NAME_BYTES = 253;
const MAXIMUM_LABEL_BYTES = 63;
// Letters, digits, hyphens and dots, as host names have; underscores too, which some real hosts carry.
const NAME_CHARACTER = /^[a-z0-9_.-]$/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- anything past ASCII is what this looks for
const NON_ASCII = /[^\u0000-\u007f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * Why `rule` is not a domain rule, as a sentence for the host (or model) that wrote it; `undefined`
 * when it is one. A rule is a domain name (`registry.npmjs.org`), which allows that name only, or
 * `*.` and a domain name (`*.github.com`), which allows its subdomains but not the name itself.
 * Case does not matter and one trailing dot is dropped. IP addresses, ports, schemes, paths and
 * non-ASCII names (write them in punycode, `xn--`) are refused.
 */
export function checkDomainRule(rule: string): string | undefined {
  const quoted = JSON.stringify(rule);
  if (rule === '')
    return 'A domain rule is empty; write a domain such as "example.com", or "*.example.com" for its subdomains.';
  if (CONTROL_CHARACTER.test(rule))
    return `The domain rule ${quoted} holds a control character; write the domain name alone, such as "example.com".`;
  if (/\s/.test(rule))
    return `The domain rule ${quoted} holds whitespace; write the domain name alone, such as "example.com".`;
  if (NON_ASCII.test(rule)) {
    const punycode = domainToASCII(rule);
    const written =
      punycode === '' ? 'each label in punycode ("xn--…")' : `it in punycode: ${JSON.stringify(punycode)}`;
    return `The domain rule ${quoted} is not ASCII; write ${written}.`;
  }
  if (SCHEME.test(rule)) {
    const name = rule
      .replace(SCHEME, '')
      .split(/[/?#]/)[0]!
      .replace(/:[0-9]*$/, '');
    return `The domain rule ${quoted} holds a scheme; a rule names a domain alone and covers HTTP and HTTPS on every port${suggestion(name)}.`;
  }
  if (/[/?#]/.test(rule))
    return `The domain rule ${quoted} holds a path; a rule covers a whole domain${suggestion(rule.split(/[/?#]/)[0]!)}.`;
  if (rule.startsWith('[') || isIP(rule) === 6) return ipAddressProblem(quoted);
  if (rule.includes(':'))
    return `The domain rule ${quoted} holds a port; a rule covers every port of its domain${suggestion(rule.replace(/:[^:]*$/, ''))}.`;
  if (rule === '*' || rule === '*.')
    return `The domain rule ${quoted} would allow every domain, which a rule cannot; name the domains, such as "example.com" or "*.example.com".`;
  const wildcard = rule.startsWith('*.');
  const name = withoutTrailingDot(wildcard ? rule.slice(2) : rule);
  if (name.includes('*'))
    return `The domain rule ${quoted} has a "*" other than at its start; a wildcard rule is "*." and a domain ("*.example.com", its subdomains).`;
  if (name.startsWith('.') && !wildcard)
    return `The domain rule ${quoted} begins with a dot; write "${name.slice(1)}" for the domain itself, or "*.${name.slice(1)}" for its subdomains.`;
  if (name === '') return `The domain rule ${quoted} names no domain; write a domain such as "example.com".`;
  if (isIpLiteral(name)) return ipAddressProblem(quoted);
  const problem = nameProblem(name);
  return problem === undefined ? undefined : `The domain rule ${quoted} ${problem}.`;
}

/**
 * The rule of `rules` that lets `host` through, as written; `undefined` when none does. Case does
 * not matter and one trailing dot is ignored, on both sides. `*.example.com` allows
 * `api.example.com` and `a.b.example.com`, not `example.com`. An IP address is never allowed
 * (see {@link isIpLiteral}), nor a host with characters no domain name has; a rule that
 * {@link checkDomainRule} refuses allows nothing.
 */
export function allowingRule(host: string, rules: readonly string[]): string | undefined {
  if (!isDomainName(host)) return undefined;
  const name = normalizeName(host);
  return rules.find((rule) => checkDomainRule(rule) === undefined && ruleCovers(normalizeName(rule), name));
}

/** True when `host` (one trailing dot ignored) is a domain name: ASCII labels of letters, digits, hyphens and underscores, within DNS's lengths, and not an IP address. */
export function isDomainName(host: string): boolean {
  const name = withoutTrailingDot(host);
  return name !== '' && !isIpLiteral(name) && nameProblem(name) === undefined;
}

function ruleCovers(rule: string, name: string): boolean {
  return rule.startsWith('*.') ? name.endsWith(rule.slice(1)) : name === rule;
}

function normalizeName(name: string): string {
  return withoutTrailingDot(name).toLowerCase();
}

function withoutTrailingDot(name: string): string {
  return name.endsWith('.') ? name.slice(0, -1) : name;
}

/** What keeps `name` (no trailing dot) from being a domain name, as the end of a sentence; `undefined` when it is one. */
function nameProblem(name: string): string | undefined {
  const stranger = [...name].find((character) => !NAME_CHARACTER.test(character));
  if (stranger !== undefined)
    return `holds ${JSON.stringify(stranger)}, which no domain name has; a name has letters, digits, hyphens, underscores and dots only`;
  if (name.length > MAXIMUM_NAME_BYTES)
    return `is ${name.length} bytes long; a domain name has at most ${MAXIMUM_NAME_BYTES}`;
  for (const label of name.split('.')) {
    if (label === '') return 'has an empty label (two dots in a row, or a dot at an end)';
    if (label.length > MAXIMUM_LABEL_BYTES)
      return `has a label of ${label.length} bytes ("${label.slice(0, 12)}…"); a label has at most ${MAXIMUM_LABEL_BYTES}`;
    if (label.startsWith('-') || label.endsWith('-'))
      return `has the label ${JSON.stringify(label)}, which begins or ends with a hyphen; no domain name's label does`;
  }
  return undefined;
}

function ipAddressProblem(quoted: string): string {
  return `The domain rule ${quoted} is an IP address; the sandbox reaches allowed domains by name only and refuses every connection to an IP address.`;
}

function suggestion(name: string): string {
  return name !== '' && checkDomainRule(name) === undefined ? `: write ${JSON.stringify(name)}` : '';
}
