/**
 * A `.gitignore` whose patterns take a backtracking matcher exponential time on the paths of
 * {@link hostileFiles} (`a/**` chains, `*a*a*a…b`, classes, `?` runs), and that ignores `*.skip`.
 */
export const HOSTILE_GITIGNORE = [
  `${'a/**/'.repeat(16)}b`,
  `${'**/'.repeat(12)}${'*a'.repeat(16)}b`,
  `${'[a-z]*'.repeat(24)}b`,
  `*${'?'.repeat(38)}b`,
  '*.skip',
].join('\n');

/**
 * The files of a tree for {@link HOSTILE_GITIGNORE} (path → content): 60 `.ts` files with long
 * names 24 folders deep, one `x.skip` beside them, and the `.gitignore` itself.
 */
export function hostileFiles(content: string): Record<string, string> {
  const chain = Array.from({ length: 24 }, () => 'a').join('/');
  const files = Array.from({ length: 60 }, (_, index) => [`${chain}/${'a'.repeat(100)}${index}.ts`, content]);
  return { ...Object.fromEntries(files), [`${chain}/x.skip`]: content, '.gitignore': HOSTILE_GITIGNORE };
}
