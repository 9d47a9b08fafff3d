/**
 * Standard (TC39) decorators keep what they record about a class in its metadata object,
 * `Class[Symbol.metadata]`, whose prototype is the parent class's metadata. Node 20 has no
 * `Symbol.metadata`: esbuild then uses `Symbol.for('Symbol.metadata')`, and TypeScript's output
 * creates no metadata at all. Loading `@ToolParam` therefore installs `Symbol.metadata` as that
 * same registered symbol when the runtime lacks it (what TypeScript's release notes advise), so
 * both compilers' output carries metadata, under one key. A runtime with its own
 * `Symbol.metadata` is left alone.
 */

const FALLBACK_METADATA_SYMBOL = Symbol.for('Symbol.metadata');

/** Installs `Symbol.metadata` where it is missing (writable, so that another polyfill may still assign it). */
function installSymbolMetadata(): void {
  if (typeof (Symbol as unknown as { metadata?: unknown }).metadata !== 'symbol') {
    Object.defineProperty(Symbol, 'metadata', { value: FALLBACK_METADATA_SYMBOL, configurable: true, writable: true });
  }
}

installSymbolMetadata();

/** The keys under which compiled classes keep their decorator metadata: `Symbol.metadata` as it is now, then the registered symbol. */
export function metadataKeys(): readonly symbol[] {
  const current = (Symbol as unknown as { metadata?: unknown }).metadata;
  return typeof current === 'symbol' && current !== FALLBACK_METADATA_SYMBOL
    ? [current, FALLBACK_METADATA_SYMBOL]
    : [FALLBACK_METADATA_SYMBOL];
}

/** The metadata object a class declared itself (not one inherited from its parent), if any. */
export function ownClassMetadata(owner: Function): object | undefined {
  for (const key of metadataKeys()) {
    if (!Object.hasOwn(owner, key)) continue;
    const metadata: unknown = (owner as unknown as Record<symbol, unknown>)[key];
    if (typeof metadata === 'object' && metadata !== null) return metadata;
  }
  return undefined;
}
