import { ToolwrightError } from '../errors/toolwright-error.js';
import { describeJsonType, type JsonArray, type JsonObject, type JsonValue } from '../json/json.js';
import { appendKey } from '../validation/instance-path.js';
import { requiredViolation, typeViolation } from '../validation/violation-messages.js';
import { normalizeJsonObject, type JsonMeasure } from './normalize-json.js';

const BRAND = Symbol.for('toolwright.toolInput');

/** Reads an input's measure: set once, by the class below (its private field is not reachable from here). */
let readMeasure: (input: ToolInput) => Readonly<JsonMeasure> | undefined;

/** The JSON types the typed accessors read. */
type Kind = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
interface KindValue {
  string: string;
  number: number;
  integer: number;
  boolean: boolean;
  array: JsonArray;
  object: JsonObject;
}

/**
 * An immutable view of a tool call's arguments (SPEC TC-1). Every factory drops entries whose
 * value is JSON `null` at every object level, so a key the model sent as `null` behaves exactly
 * like a key it never sent. Three accessor families agree: `get*(key, fallback)` returns the
 * fallback, `find*(key)` returns `undefined`, and `require*(key)` throws the "is required"
 * violation. A value of the wrong type throws the "must be" violation in every family.
 * Keys such as `__proto__` are plain data.
 */
export class ToolInput {
  /** An input with no arguments. */
  static readonly EMPTY: ToolInput = new ToolInput(Object.freeze({}), { depth: 1, maxBytes: 2 });

  static {
    // The brand sits on the prototype, not on each input: an input is made per tool call.
    Object.defineProperty(ToolInput.prototype, BRAND, { value: true });
    readMeasure = (input) =>
      typeof input === 'object' && input !== null && #measure in input ? input.#measure : undefined;
  }

  readonly #data: JsonObject;
  readonly #measure: Readonly<JsonMeasure>;

  private constructor(data: JsonObject, measure: Readonly<JsonMeasure>) {
    this.#data = data;
    this.#measure = measure;
    Object.freeze(this);
  }

  /** An input from a JSON object (deep-copied, nulls dropped, frozen). Throws `INVALID_INPUT` for anything else. */
  static of(value: unknown): ToolInput {
    if (ToolInput.isInstance(value)) return value;
    const measure = { depth: 0, maxBytes: 0 };
    return new ToolInput(normalizeJsonObject(value, measure), measure);
  }

  /** An input from JSON text. Throws `INVALID_INPUT` when the text is not a JSON object. */
  static parse(text: string): ToolInput {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new ToolwrightError('INVALID_INPUT', `Tool input is not valid JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return ToolInput.of(value);
  }

  /** True for a ToolInput from any copy of this package. */
  static isInstance(value: unknown): value is ToolInput {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }

  /** The arguments as a deep-frozen JSON object. */
  toJSON(): JsonObject {
    return this.#data;
  }

  /** The argument names, in the order they arrived. */
  keys(): string[] {
    return Object.keys(this.#data);
  }

  /** True when the argument is present (not absent, not null). */
  has(key: string): boolean {
    return Object.hasOwn(this.#data, key);
  }

  /** The raw argument, or `undefined` when absent. */
  get(key: string): JsonValue | undefined {
    return this.has(key) ? this.#data[key] : undefined;
  }

  /** The string argument, or `fallback` when absent. */
  getString(key: string, fallback: string): string {
    return this.#read(key, 'string') ?? fallback;
  }
  /** The string argument, or `undefined` when absent. */
  findString(key: string): string | undefined {
    return this.#read(key, 'string');
  }
  /** The string argument; throws the "is required" violation when absent. */
  requireString(key: string): string {
    return this.#require(key, 'string');
  }

  /** The number argument, or `fallback` when absent. */
  getNumber(key: string, fallback: number): number {
    return this.#read(key, 'number') ?? fallback;
  }
  /** The number argument, or `undefined` when absent. */
  findNumber(key: string): number | undefined {
    return this.#read(key, 'number');
  }
  /** The number argument; throws the "is required" violation when absent. */
  requireNumber(key: string): number {
    return this.#require(key, 'number');
  }

  /** The integer argument, or `fallback` when absent. */
  getInteger(key: string, fallback: number): number {
    return this.#read(key, 'integer') ?? fallback;
  }
  /** The integer argument, or `undefined` when absent. */
  findInteger(key: string): number | undefined {
    return this.#read(key, 'integer');
  }
  /** The integer argument; throws the "is required" violation when absent. */
  requireInteger(key: string): number {
    return this.#require(key, 'integer');
  }

  /** The boolean argument, or `fallback` when absent. */
  getBoolean(key: string, fallback: boolean): boolean {
    return this.#read(key, 'boolean') ?? fallback;
  }
  /** The boolean argument, or `undefined` when absent. */
  findBoolean(key: string): boolean | undefined {
    return this.#read(key, 'boolean');
  }
  /** The boolean argument; throws the "is required" violation when absent. */
  requireBoolean(key: string): boolean {
    return this.#require(key, 'boolean');
  }

  /** The array argument (frozen), or `fallback` when absent. */
  getArray(key: string, fallback: JsonArray): JsonArray {
    return this.#read(key, 'array') ?? fallback;
  }
  /** The array argument (frozen), or `undefined` when absent. */
  findArray(key: string): JsonArray | undefined {
    return this.#read(key, 'array');
  }
  /** The array argument (frozen); throws the "is required" violation when absent. */
  requireArray(key: string): JsonArray {
    return this.#require(key, 'array');
  }

  /** The object argument (frozen, nulls dropped), or `fallback` when absent. */
  getObject(key: string, fallback: JsonObject): JsonObject {
    return this.#read(key, 'object') ?? fallback;
  }
  /** The object argument (frozen, nulls dropped), or `undefined` when absent. */
  findObject(key: string): JsonObject | undefined {
    return this.#read(key, 'object');
  }
  /** The object argument (frozen, nulls dropped); throws the "is required" violation when absent. */
  requireObject(key: string): JsonObject {
    return this.#require(key, 'object');
  }

  #read<K extends Kind>(key: string, kind: K): KindValue[K] | undefined {
    if (!this.has(key)) return undefined;
    const value = this.#data[key];
    const actual = describeJsonType(value);
    const matches = actual === kind || (kind === 'number' && actual === 'integer');
    if (!matches) throw new ToolwrightError('INVALID_INPUT', typeViolation(appendKey('', key), [kind]).message);
    return value as KindValue[K];
  }

  #require<K extends Kind>(key: string, kind: K): KindValue[K] {
    const value = this.#read(key, kind);
    if (value === undefined)
      throw new ToolwrightError('INVALID_INPUT', requiredViolation(appendKey('', key), kind).message);
    return value;
  }
}

/**
 * How deeply an input's arguments nest and an upper bound of their JSON text's size, as measured
 * when the input was made (see {@link JsonMeasure}); `undefined` for an input made by another copy
 * of this package.
 */
export function measureToolInput(input: ToolInput): Readonly<JsonMeasure> | undefined {
  return readMeasure(input);
}
