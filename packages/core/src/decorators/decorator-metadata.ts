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

/** Installs `Symbol.metadata` where it is missing; returns the keys a class's metadata may be found under. */
function installSymbolMetadata(): readonly symbol[] {
  const holder = Symbol as unknown as { metadata?: symbol };
  if (typeof holder.metadata !== 'symbol') {
    Object.defineProperty(Symbol, 'metadata', { value: FALLBACK_METADATA_SYMBOL, configurable: true });
  }
  const native = holder.metadata;
  return typeof native === 'symbol' && native !== FALLBACK_METADATA_SYMBOL
    ? [native, FALLBACK_METADATA_SYMBOL]
    : [FALLBACK_METADATA_SYMBOL];
}

/** The keys under which compiled classes keep their decorator metadata, most specific first. */
export const METADATA_KEYS: readonly symbol[] = installSymbolMetadata();

/** The metadata object a class declared itself (not one inherited from its parent), if any. */
export function ownClassMetadata(owner: Function): object | undefined {
  for (const key of METADATA_KEYS) {
    if (!Object.hasOwn(owner, key)) continue;
    const metadata: unknown = (owner as unknown as Record<symbol, unknown>)[key];
    if (typeof metadata === 'object' && metadata !== null) return metadata;
  }
  return undefined;
}
