import { countCharacters } from '@toolwright/core/internal';

/** `52,428,800 bytes`, `1 byte`, or `nothing` for 0: what a command printed, as a cut marker says it. */
export function describeBytes(bytes: number): string {
  return bytes === 0 ? 'nothing' : `${formatCount(bytes)} byte${bytes === 1 ? '' : 's'}`;
}

/** `29,683 characters` (code points, not UTF-16 units), `1 character`: what the model is shown. */
export function describeCharacters(text: string): string {
  const count = countCharacters(text);
  return `${formatCount(count)} character${count === 1 ? '' : 's'}`;
}

/** A count with thousands separators, as every marker writes it. */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US');
}
