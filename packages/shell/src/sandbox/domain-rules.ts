// Domain rules of the sandbox's network allow-list (`example.com`, `*.example.com`).

/** Undefined when `rule` is a domain or `*.` and a domain; else a sentence saying what is wrong. */
export function checkDomainRule(rule: string): string | undefined {
  return /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.?$/i.test(rule)
    ? undefined
    : `${JSON.stringify(rule)} is not a domain (example.com) or a wildcard domain (*.example.com)`;
}
