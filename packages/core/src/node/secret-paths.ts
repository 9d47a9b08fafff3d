import { Minimatch } from 'minimatch';

/** One kind of secret file, by a glob over the end of its path. */
export interface SecretPathRule {
  /** A glob matched against the path's last segments (`.env.*`, `.aws/credentials`), case-insensitively. */
  readonly pattern: string;
  /** What such a file is, for the refusal the model reads. */
  readonly what: string;
}

const ENVIRONMENT = 'an environment file';
const PRIVATE_KEY = 'a private key';
const KEY_STORE = 'a key or certificate store';
const CREDENTIALS = 'a credential store';

/**
 * The files the file tools never read, change or list (SPEC BT-3). By name only, never by
 * content: the model and the user can tell from a path alone why it was refused, and listings
 * need not open files. So `.npmrc` is secret even when it holds no token: it is where npm keeps
 * them. Templates that by convention hold no values are not secrets: see {@link NOT_SECRET}.
 */
export const SECRET_PATH_RULES: readonly SecretPathRule[] = Object.freeze([
  { pattern: '.env', what: ENVIRONMENT },
  { pattern: '.env.*', what: ENVIRONMENT },
  { pattern: '*.env', what: ENVIRONMENT },
  { pattern: '.envrc', what: ENVIRONMENT },
  { pattern: 'id_rsa*', what: PRIVATE_KEY },
  { pattern: 'id_dsa*', what: PRIVATE_KEY },
  { pattern: 'id_ecdsa*', what: PRIVATE_KEY },
  { pattern: 'id_ed25519*', what: PRIVATE_KEY },
  { pattern: '.ssh/**', what: PRIVATE_KEY },
  { pattern: '.gnupg/**', what: PRIVATE_KEY },
  { pattern: '*.pem', what: KEY_STORE },
  { pattern: '*.key', what: KEY_STORE },
  { pattern: '*.p12', what: KEY_STORE },
  { pattern: '*.pfx', what: KEY_STORE },
  { pattern: '*.jks', what: KEY_STORE },
  { pattern: '*.keystore', what: KEY_STORE },
  { pattern: '*.ppk', what: KEY_STORE },
  { pattern: '*.kdbx', what: KEY_STORE },
  { pattern: '.aws/credentials', what: CREDENTIALS },
  { pattern: '.azure/**', what: CREDENTIALS },
  { pattern: '.config/gcloud/**', what: CREDENTIALS },
  { pattern: 'application_default_credentials.json', what: CREDENTIALS },
  { pattern: '.kube/config', what: CREDENTIALS },
  { pattern: '.docker/config.json', what: CREDENTIALS },
  { pattern: '.config/gh/hosts.yml', what: CREDENTIALS },
  { pattern: '.git-credentials', what: CREDENTIALS },
  { pattern: '.netrc', what: CREDENTIALS },
  { pattern: '_netrc', what: CREDENTIALS },
  { pattern: '.npmrc', what: CREDENTIALS },
  { pattern: '.yarnrc.yml', what: CREDENTIALS },
  { pattern: '.pypirc', what: CREDENTIALS },
  { pattern: '.gem/credentials', what: CREDENTIALS },
  { pattern: '.cargo/credentials*', what: CREDENTIALS },
  { pattern: '.terraform.d/credentials.tfrc.json', what: CREDENTIALS },
  { pattern: '*.tfstate', what: CREDENTIALS },
  { pattern: '.pgpass', what: CREDENTIALS },
  { pattern: '.htpasswd', what: CREDENTIALS },
]);

/** Names that match a rule above but hold no secret by convention: env templates and public keys. */
export const NOT_SECRET: readonly string[] = Object.freeze([
  '.env.example',
  '.env.sample',
  '.env.template',
  '.env.dist',
  '*.pub',
]);

const GLOB_OPTIONS = { dot: true, nocase: true, nonegate: true, nocomment: true } as const;

/** A rule as the matcher uses it: a folder anywhere above the file, or the path's last segments. */
interface CompiledRule {
  readonly rule: SecretPathRule;
  /** `.ssh/**`: the folder sequence, matched in the path's folders. */
  readonly folder?: RegExp;
  /** Otherwise: how many trailing segments the pattern spans, and its anchored expression. */
  readonly segments: number;
  readonly tail?: RegExp;
}

function compileGlob(glob: string): RegExp {
  const compiled = new Minimatch(glob, GLOB_OPTIONS).makeRe();
  if (compiled === false) throw new Error(`The secret-path glob ${glob} does not compile.`);
  return compiled;
}

function compileRule(rule: SecretPathRule): CompiledRule {
  if (rule.pattern.endsWith('/**')) {
    const folders = rule.pattern.slice(0, -3).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return { rule, folder: new RegExp(`/${folders}/`, 'i'), segments: 0 };
  }
  return { rule, segments: rule.pattern.split('/').length, tail: compileGlob(rule.pattern) };
}

const compiledRules = SECRET_PATH_RULES.map(compileRule);
const exceptions = NOT_SECRET.map(compileGlob);
// Listings ask about every file they visit: one expression per kind of rule answers "maybe" fast.
const anyFolder = combine(compiledRules.map((compiled) => compiled.folder));
const anyTail: readonly (readonly [number, RegExp])[] = [...new Set(compiledRules.map((compiled) => compiled.segments))]
  .filter((segments) => segments > 0)
  .map((segments) => [
    segments,
    combine(compiledRules.filter((compiled) => compiled.segments === segments).map((compiled) => compiled.tail)),
  ]);

function combine(expressions: readonly (RegExp | undefined)[]): RegExp {
  const sources = expressions.filter((expression) => expression !== undefined).map((expression) => expression.source);
  return new RegExp(sources.map((source) => `(?:${source})`).join('|'), 'i');
}

/** The last `segments` segments of an absolute path. */
function tailOf(path: string, segments: number): string {
  let start = path.length;
  for (let left = segments; left > 0 && start > 0; left--) start = path.lastIndexOf('/', start - 1);
  return path.slice(start + 1);
}

function matches(compiled: CompiledRule, path: string, folders: string): boolean {
  if (compiled.folder !== undefined) return compiled.folder.test(folders);
  return compiled.tail?.test(tailOf(path, compiled.segments)) ?? false;
}

/** The rule that makes `path` (absolute) a secret file, or `undefined` when it is not one. */
export function findSecretRule(path: string): SecretPathRule | undefined {
  const folders = path.slice(0, path.lastIndexOf('/') + 1);
  const maybe =
    anyFolder.test(folders) || anyTail.some(([segments, expression]) => expression.test(tailOf(path, segments)));
  if (!maybe) return undefined;
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (exceptions.some((exception) => exception.test(name))) return undefined;
  return compiledRules.find((compiled) => matches(compiled, path, folders))?.rule;
}

/** True when `path` (absolute) is a secret file. */
export function isSecretPath(path: string): boolean {
  return findSecretRule(path) !== undefined;
}
