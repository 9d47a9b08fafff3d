// The `sandbox` option, checked: a host that asks for a sandbox is never silently given none.
import { ShellOptionsError } from '../shell-options-error.js';
import { checkDomainRule } from './domain-rules.js';
import type { SandboxPolicy, SandboxSetting } from '../sandbox-policy.js';

const MODES = ['auto', 'required', 'off'];
const POLICY_KEYS = ['writable', 'readOnly', 'readDenied', 'network', 'allowUnixSockets', 'required'];

/**
 * Throws a {@link ShellOptionsError} unless `value` is a {@link SandboxSetting}: a mode, or a
 * policy object with known keys only, absolute paths without NUL bytes, and valid domain rules
 * (SPEC SB-4: `{ sandbox: 'requird' }` or `{ writeable: […] }` is an error, never ignored).
 * A policy is returned as a deep, frozen copy: what was checked is what every command gets,
 * whatever the caller's object becomes later.
 */
export function checkSandboxSetting(value: unknown): SandboxSetting {
  if (typeof value === 'string') {
    if (MODES.includes(value)) return value as SandboxSetting;
    throw new ShellOptionsError(
      `sandbox must be 'auto', 'required', 'off' or a policy object, not ${JSON.stringify(value)}`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ShellOptionsError(`sandbox must be 'auto', 'required', 'off' or a policy object, not ${describe(value)}`);
  checkKeys(value, POLICY_KEYS, 'sandbox');
  const policy = value as SandboxPolicy;
  checkPaths(policy.writable, 'sandbox.writable');
  checkPaths(policy.readOnly, 'sandbox.readOnly');
  checkPaths(policy.readDenied, 'sandbox.readDenied');
  for (const key of ['allowUnixSockets', 'required'] as const) {
    if (policy[key] !== undefined && typeof policy[key] !== 'boolean')
      throw new ShellOptionsError(`sandbox.${key} must be true or false, not ${describe(policy[key])}`);
  }
  const network = policy.network as unknown;
  if (network !== undefined && network !== 'none') {
    if (typeof network !== 'object' || network === null || Array.isArray(network))
      throw new ShellOptionsError(
        `sandbox.network must be 'none' or { allowedDomains: [...] }, not ${describe(network)}`,
      );
    checkKeys(network, ['allowedDomains'], 'sandbox.network');
    checkDomainRules((network as { allowedDomains?: unknown }).allowedDomains);
  }
  return frozenCopy(policy);
}

/** The domain rules, checked (see `checkDomainRule`); throws a {@link ShellOptionsError} naming the first bad one. */
export function checkDomainRules(rules: unknown): string[] {
  if (!Array.isArray(rules))
    throw new ShellOptionsError(`sandbox.network.allowedDomains must be an array of domains, not ${describe(rules)}`);
  return rules.map((rule: unknown) => {
    if (typeof rule !== 'string')
      throw new ShellOptionsError(`sandbox.network.allowedDomains holds ${describe(rule)}, not a domain`);
    const problem = checkDomainRule(rule);
    if (problem !== undefined) throw new ShellOptionsError(`sandbox.network.allowedDomains: ${problem}`);
    return rule.toLowerCase().replace(/\.$/, '');
  });
}

/** Throws a {@link ShellOptionsError} naming the first key of `value` that is not one of `known`. */
export function checkKeys(value: object, known: readonly string[], what: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key))
      throw new ShellOptionsError(`${what} has no option ${JSON.stringify(key)}; its options are ${known.join(', ')}`);
  }
}

function checkPaths(paths: unknown, what: string): void {
  if (paths === undefined) return;
  if (!Array.isArray(paths))
    throw new ShellOptionsError(`${what} must be an array of absolute paths, not ${describe(paths)}`);
  for (const path of paths as unknown[]) {
    if (typeof path !== 'string' || !path.startsWith('/') || path.includes('\0'))
      throw new ShellOptionsError(`${what} must hold absolute paths without NUL bytes, not ${describe(path)}`);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

/** A deep, frozen copy of a checked policy (its arrays and its network object included). */
function frozenCopy(policy: SandboxPolicy): SandboxPolicy {
  const network = policy.network;
  return Object.freeze({
    ...policy,
    ...(policy.writable === undefined ? {} : { writable: Object.freeze([...policy.writable]) }),
    ...(policy.readOnly === undefined ? {} : { readOnly: Object.freeze([...policy.readOnly]) }),
    ...(policy.readDenied === undefined ? {} : { readDenied: Object.freeze([...policy.readDenied]) }),
    ...(network === undefined || network === 'none'
      ? {}
      : { network: Object.freeze({ allowedDomains: Object.freeze([...network.allowedDomains]) }) }),
  });
}
