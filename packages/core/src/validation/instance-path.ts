/**
 * Turns ajv's JSON-pointer `instancePath` into the path a model reads: wire names joined by `.`,
 * array positions as `[n]` (`/items/0/sku` → `items[0].sku`). The data decides which segments
 * are array positions.
 */
export function toParameterPath(instancePath: string, data: unknown): string {
  if (instancePath === '') return '';
  let path = '';
  let node: unknown = data;
  const raws = instancePath.split('/');
  for (let index = 1; index < raws.length; index++) {
    const segment = unescapeSegment(raws[index]!);
    path = Array.isArray(node) ? `${path}[${segment}]` : appendKey(path, segment);
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return path;
}

/**
 * `parent.key`, or `key` at the top level. A key that would read ambiguously (empty, or holding
 * `.`, `[`, `]`, a quote or a control character) is written in brackets as JSON: `parent["a.b"]`,
 * so an empty key never reads as the whole input and a key never spans lines.
 */
export function appendKey(path: string, key: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  if (key === '' || /[.[\]'"\u0000-\u001f\u007f]/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** The value at a JSON pointer inside `data`, or `undefined`. */
export function valueAtPointer(data: unknown, instancePath: string): unknown {
  if (instancePath === '') return data;
  let node: unknown = data;
  const raws = instancePath.split('/');
  for (let index = 1; index < raws.length; index++) {
    if (typeof node !== 'object' || node === null) return undefined;
    const segment = unescapeSegment(raws[index]!);
    node = Object.hasOwn(node, segment) ? (node as Record<string, unknown>)[segment] : undefined;
  }
  return node;
}

/** A JSON-pointer segment as the key it names (`~1` is `/`, `~0` is `~`). */
function unescapeSegment(raw: string): string {
  return raw.includes('~') ? raw.replaceAll('~1', '/').replaceAll('~0', '~') : raw;
}
