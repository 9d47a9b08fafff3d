import { article } from '../json/json.js';
import { shortenText } from '../text/cut-text.js';
import { escapeControlCharacters } from '../text/escape-control-characters.js';
import type { Violation, ViolationKind } from './violation.js';

/**
 * The sentences a model reads when its tool call is refused (SPEC GV-2). The binder and the gate
 * both build their violations here, so the model learns one voice. Messages carry parameter names
 * and types; only enum violations echo the value the model sent.
 */

/** The closing words of every violation sentence. */
export const NOT_EXECUTED = 'The tool was not executed.';

const MAX_ECHOED_VALUE = 64;

/** `Parameter 'x' is required (string). The tool was not executed.` */
export function requiredViolation(path: string, typeName: string): Violation {
  return violation('required', path, `${subject(path)} is required (${typeName}).`);
}

/** `Parameter 'x' must be an integer. The tool was not executed.` (several types joined by "or") */
export function typeViolation(path: string, expectedTypes: readonly string[]): Violation {
  const expected = expectedTypes.map((type) => (type === 'null' ? 'null' : article(type))).join(' or ');
  return violation('type', path, `${subject(path)} must be ${expected}.`);
}

/** `Parameter 'x' must be one of [a, b], but was 'c'. The tool was not executed.` */
export function enumViolation(path: string, allowed: readonly unknown[], actual: unknown): Violation {
  let list = '';
  for (let index = 0; index < allowed.length; index++) {
    const value = allowed[index];
    // As `join` would write it: a value JSON cannot write (undefined) leaves its place empty.
    const text =
      typeof value === 'string' ? escapeControlCharacters(value) : (JSON.stringify(value) as string | undefined);
    list += `${index === 0 ? '' : ', '}${text ?? ''}`;
  }
  const start = `${subject(path)} must be one of [${list}]`;
  return Object.freeze({
    kind: 'enum',
    path,
    message: `${start}, but was ${echo(actual)}. ${NOT_EXECUTED}`,
    withoutValue: `${start}. ${NOT_EXECUTED}`,
  });
}

/** The violation's sentence without the value the model sent (for logs and audit events that must not carry arguments). */
export function violationWithoutValue(violation: Violation): string {
  return violation.withoutValue ?? violation.message;
}

/** `Unknown parameter 'file_paht'. Did you mean 'file_path'? The tool was not executed.` */
export function unknownParameterViolation(path: string, suggestion?: string): Violation {
  const hint = suggestion === undefined ? '' : ` Did you mean '${suggestion}'?`;
  return violation('unknown', path, `Unknown parameter '${path}'.${hint}`);
}

/** `Parameter 'x' must match the pattern ^a+$. The tool was not executed.` */
export function patternViolation(path: string, pattern: string): Violation {
  return violation('pattern', path, `${subject(path)} must match the pattern ${escapeControlCharacters(pattern)}.`);
}

/** Any other shape problem, in the same voice: `Parameter 'x' <problem>. The tool was not executed.` */
export function shapeViolation(path: string, problem: string): Violation {
  return violation('shape', path, `${subject(path)} ${problem}.`);
}

/** A problem with the input as a whole, already phrased as a sentence. */
export function inputViolation(sentence: string): Violation {
  return violation('shape', '', sentence);
}

/** The input is nested too deeply to check. */
export function depthViolation(limit: number): Violation {
  return violation('depth', '', `The input is nested deeper than ${limit} levels.`);
}

/**
 * A violation of a tool's output schema as a sentence about the tool's output (SPEC CO-4): the
 * same problem in the voice of a result, not of a call — `Field 'hits[0].title' must be a
 * string.`, `Unknown field 'secret'.`, `The output must be an object.` — without the closing words
 * about a tool not executed (it ran), and without the value it holds unless `withValue`.
 */
export function outputViolationSentence(violation: Violation, withValue = false): string {
  const sentence = withValue ? violation.message : violationWithoutValue(violation);
  const body = sentence.endsWith(` ${NOT_EXECUTED}`) ? sentence.slice(0, -NOT_EXECUTED.length - 1) : sentence;
  return body
    .replace(/^Parameter '/, "Field '")
    .replace(/^Unknown parameter '/, "Unknown field '")
    .replace(/^The input\b/, 'The output')
    .replace(/ is not an allowed parameter name/, ' is not an allowed field name');
}

function violation(kind: ViolationKind, path: string, sentence: string): Violation {
  return Object.freeze({ kind, path, message: `${sentence} ${NOT_EXECUTED}` });
}

function subject(path: string): string {
  return path === '' ? 'The input' : `Parameter '${path}'`;
}

function echo(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  const cut = shortenText(text, MAX_ECHOED_VALUE);
  return typeof value === 'string' ? `'${escapeControlCharacters(cut)}'` : cut;
}
