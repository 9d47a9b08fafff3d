/** What Glob and Ls found: the folder, the first items of what is there, and what was left out. */
export interface Listing {
  /** The folder, as the model named it (absolute). */
  readonly path: string;
  /** What is shown: the first of the `total` found. */
  readonly items: readonly string[];
  readonly total: number;
  readonly secretsHidden: number;
  readonly ignored: number;
}

/**
 * A listing's metadata: its folder, how many it found (under the name `counted`), how many it
 * shows, whether it is cut, and what it left out.
 */
export function listingMetadata(
  listing: Listing,
  counted: 'matches' | 'entries',
): { readonly [key: string]: string | number | boolean } {
  return {
    path: listing.path,
    [counted]: listing.total,
    shown: listing.items.length,
    truncated: listing.items.length < listing.total,
    secretsHidden: listing.secretsHidden,
    ignored: listing.ignored,
  };
}
