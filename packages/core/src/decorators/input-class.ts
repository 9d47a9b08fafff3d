/** A class whose instances are a tool's bound input: constructible without arguments. */
export type InputClass<Input extends object = object> = new () => Input;

/** `SearchInput.query` — how registration errors name a field. */
export function fieldName(owner: { name: string }, property: string): string {
  return `${owner.name || '(anonymous class)'}.${property}`;
}
