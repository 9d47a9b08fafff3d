import { ToolwrightError } from '../errors/toolwright-error.js';
import { isPlainObject } from '../json/json.js';

/** Text for the model. */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

/** An image: its bytes in base64 and its MIME type (`image/png`); its size in pixels where known, for the text form. */
export interface ImagePart {
  readonly type: 'image';
  /** The bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  readonly mimeType: string;
  readonly width?: number;
  readonly height?: number;
}

/** Audio: its bytes in base64 and its MIME type (`audio/wav`). */
export interface AudioPart {
  readonly type: 'audio';
  /** The bytes, base64-encoded (no `data:` prefix). */
  readonly data: string;
  readonly mimeType: string;
}

/** A link to a resource the client can read itself (not its contents). */
export interface ResourceLinkPart {
  readonly type: 'resource_link';
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** A resource's contents, embedded: text, or bytes in base64 (`blob`). */
export interface EmbeddedResourcePart {
  readonly type: 'resource';
  readonly resource:
    | { readonly uri: string; readonly mimeType?: string; readonly text: string }
    | { readonly uri: string; readonly mimeType?: string; readonly blob: string };
}

/**
 * One part of a result's content (SPEC CO-1), shaped as MCP's content blocks are. A result made of
 * parts still has `content`, the text a text-only wire gets: the text parts as they are, the others
 * described in words (`[image: image/png, 640×480, 38 KB]`).
 */
export type ContentPart = TextPart | ImagePart | AudioPart | ResourceLinkPart | EmbeddedResourcePart;

/** A part whose bytes only a wire with binary content can carry. */
export type BinaryPart =
  ImagePart | AudioPart | (EmbeddedResourcePart & { readonly resource: { readonly blob: string } });

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

function invalid(index: number, reason: string): never {
  throw new ToolwrightError('INVALID_CONTENT_PART', `Content part ${index} ${reason}.`);
}

function requireString(
  part: Record<string, unknown>,
  key: string,
  index: number,
  optional = false,
): string | undefined {
  const value = part[key];
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'string') invalid(index, `needs ${optional ? 'a string or no' : 'a string'} '${key}'`);
  return value;
}

function requireBase64(value: unknown, key: string, index: number): string {
  if (typeof value !== 'string' || value.length % 4 !== 0 || !BASE64.test(value))
    invalid(index, `needs its bytes in '${key}' as base64 (A–Z, a–z, 0–9, + and /, padded with =)`);
  return value;
}

function requireMimeType(part: Record<string, unknown>, index: number, family?: string): string {
  const value = typeof part.mimeType === 'string' ? part.mimeType.toLowerCase() : undefined;
  if (value === undefined || !MIME_TYPE.test(value) || (family !== undefined && !value.startsWith(`${family}/`)))
    invalid(index, `needs a mimeType${family === undefined ? '' : ` of the form ${family}/…`}`);
  return value;
}

function optionalDimension(part: Record<string, unknown>, key: string, index: number): number | undefined {
  const value = part[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
    invalid(index, `has a '${key}' that is not a whole number of pixels`);
  return value;
}

/** Keeps only the keys given, dropping the absent ones. */
function present<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

/**
 * The parts, checked and copied (frozen, only the known keys): a part of an unknown type, a
 * missing field, bytes that are not base64 or a MIME type of the wrong family is refused with
 * `INVALID_CONTENT_PART`, naming the part by its index.
 */
export function checkContentParts(parts: unknown): readonly ContentPart[] {
  if (!Array.isArray(parts)) throw new ToolwrightError('INVALID_CONTENT_PART', 'Content parts must be an array.');
  const checked = Object.freeze(parts.map((part: unknown, index) => Object.freeze(checkPart(part, index))));
  CHECKED.add(checked);
  return checked;
}

/** The part lists this copy of core checked and froze: nothing else can be in it. */
const CHECKED = new WeakSet<readonly ContentPart[]>();

/**
 * `parts` as they may go on a wire: a list this copy of core checked (a factory's) as it is, and any
 * other — a result shaped by hand, or made by another copy of core — checked now (and copied).
 * Throws `INVALID_CONTENT_PART` as {@link checkContentParts} does.
 */
export function wellFormedParts(parts: unknown): readonly ContentPart[] {
  return typeof parts === 'object' && parts !== null && CHECKED.has(parts as readonly ContentPart[])
    ? (parts as readonly ContentPart[])
    : checkContentParts(parts);
}

function checkPart(part: unknown, index: number): ContentPart {
  if (!isPlainObject(part)) invalid(index, 'is not an object');
  switch (part.type) {
    case 'text':
      return { type: 'text', text: requireString(part, 'text', index)! };
    case 'image':
      return present({
        type: 'image' as const,
        data: requireBase64(part.data, 'data', index),
        mimeType: requireMimeType(part, index, 'image'),
        width: optionalDimension(part, 'width', index),
        height: optionalDimension(part, 'height', index),
      });
    case 'audio':
      return {
        type: 'audio',
        data: requireBase64(part.data, 'data', index),
        mimeType: requireMimeType(part, index, 'audio'),
      };
    case 'resource_link':
      return present({
        type: 'resource_link' as const,
        uri: requireString(part, 'uri', index)!,
        name: requireString(part, 'name', index)!,
        title: requireString(part, 'title', index, true),
        description: requireString(part, 'description', index, true),
        mimeType: part.mimeType === undefined ? undefined : requireMimeType(part, index),
      });
    case 'resource':
      return { type: 'resource', resource: checkResource(part.resource, index) };
    default:
      return invalid(
        index,
        `has the type ${JSON.stringify(part.type) ?? 'undefined'}; a part is text, image, audio, resource_link or resource`,
      );
  }
}

function checkResource(resource: unknown, index: number): EmbeddedResourcePart['resource'] {
  if (!isPlainObject(resource)) invalid(index, "needs a 'resource' object");
  const uri = requireString(resource, 'uri', index)!;
  const mimeType = resource.mimeType === undefined ? undefined : requireMimeType(resource, index);
  if (typeof resource.text === 'string') return Object.freeze(present({ uri, mimeType, text: resource.text }));
  if (resource.blob !== undefined)
    return Object.freeze(present({ uri, mimeType, blob: requireBase64(resource.blob, 'resource.blob', index) }));
  return invalid(index, "needs a resource with 'text' or 'blob'");
}

/** True for a part that carries bytes. */
export function isBinaryPart(part: ContentPart): part is BinaryPart {
  return part.type === 'image' || part.type === 'audio' || (part.type === 'resource' && 'blob' in part.resource);
}

/** The base64 text of a binary part's bytes. */
export function partData(part: BinaryPart): string {
  return part.type === 'resource' ? part.resource.blob : part.data;
}

/** A file name for an embedded resource's bytes: the last segment of its URI's path, or `file` when it has none. */
export function resourceFileName(uri: string): string {
  const path = uri.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1);
  return name === '' ? 'file' : name;
}

/** How many bytes a base64 text stands for. */
export function base64ByteLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}

/** A size for a person: `512 bytes`, `38 KB`, `1.2 MB` (1 KB = 1,024 bytes). */
export function describeBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  const [value, unit] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / (1024 * 1024), 'MB'];
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value).toString()} ${unit}`;
}

/** One part in words, for a text-only wire: a text part is its text; `[image: image/png, 640×480, 38 KB]`. */
export function describePart(part: ContentPart): string {
  switch (part.type) {
    case 'text':
      return part.text;
    case 'image': {
      const size = part.width !== undefined && part.height !== undefined ? `, ${part.width}×${part.height}` : '';
      return `[image: ${part.mimeType}${size}, ${describeBytes(base64ByteLength(part.data))}]`;
    }
    case 'audio':
      return `[audio: ${part.mimeType}, ${describeBytes(base64ByteLength(part.data))}]`;
    case 'resource_link':
      return `[resource link: ${part.name} (${part.uri})${part.mimeType === undefined ? '' : `, ${part.mimeType}`}]`;
    case 'resource': {
      const { resource } = part;
      const type = resource.mimeType === undefined ? '' : `, ${resource.mimeType}`;
      if ('text' in resource) return `[resource: ${resource.uri}${type}]\n${resource.text}`;
      return `[resource: ${resource.uri}${type}, ${describeBytes(base64ByteLength(resource.blob))}]`;
    }
  }
}

/** The text a text-only wire gets for these parts: each in words, one after another on its own line. */
export function describeParts(parts: readonly ContentPart[]): string {
  return parts.map(describePart).join('\n');
}
