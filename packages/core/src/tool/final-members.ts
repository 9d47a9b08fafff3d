import { ToolwrightError } from '../errors/toolwright-error.js';

/**
 * TypeScript has no `final`: refuses, at construction, a subclass whose prototype chain (below
 * `base`) defines any of `members` again. `prototype` is the constructed class's prototype.
 */
export function assertNotOverridden(
  prototype: object,
  base: Function,
  members: readonly string[],
  instead: string,
): void {
  for (
    let current = prototype;
    current !== base.prototype && current !== null;
    current = Object.getPrototypeOf(current) as object
  ) {
    for (const member of members) {
      if (Object.hasOwn(current, member)) {
        const owner = (current as { constructor: Function }).constructor.name || '(anonymous class)';
        throw new ToolwrightError(
          'FINAL_MEMBER_OVERRIDDEN',
          `${owner} overrides ${member}(), which ${base.name} keeps final so that a tool call never throws and always goes through binding. ${instead}`,
        );
      }
    }
  }
}
