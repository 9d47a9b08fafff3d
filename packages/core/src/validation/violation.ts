/** What kind of problem a {@link Violation} reports. */
export type ViolationKind = 'required' | 'type' | 'enum' | 'unknown' | 'pattern' | 'shape' | 'depth';

/**
 * One problem with a tool call's input, as plain data. `message` is the sentence the model reads
 * (GV-2); `path` names the parameter (`items[0].sku`), empty for the input as a whole.
 */
export interface Violation {
  /** What kind of problem this is. */
  readonly kind: ViolationKind;
  /** The parameter's path: wire names joined by `.`, array positions as `[n]`; `''` for the whole input. */
  readonly path: string;
  /** The full sentence, ending with "The tool was not executed." */
  readonly message: string;
  /** The sentence without the value the model sent, where `message` echoes one (enum violations). */
  readonly withoutValue?: string;
}

/** All violations as the model reads them: one line per problem. */
export function formatViolations(violations: readonly Violation[]): string {
  return violations.map((violation) => violation.message).join('\n');
}
