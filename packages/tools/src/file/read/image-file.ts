/** An image Read can show (SPEC CO-3): its MIME type, and its size in pixels when the header says. */
export interface ImageKind {
  readonly mimeType: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
  /** The format's common name, for the model: `PNG`. */
  readonly format: string;
  readonly width?: number;
  readonly height?: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  return startsWith(
    bytes,
    [...text].map((char) => char.charCodeAt(0)),
    at,
  );
}

/** Pixels, when both are whole numbers above zero. */
function sized(kind: Omit<ImageKind, 'width' | 'height'>, width: number, height: number): ImageKind {
  return width > 0 && height > 0 ? { ...kind, width, height } : kind;
}

/**
 * The image format of a file by its first bytes (never its name): PNG, JPEG, GIF or WebP, with
 * the width and height its header holds; `undefined` for anything else. `bytes` may be the whole
 * file (a JPEG's size can follow a long EXIF block) or its start.
 */
export function detectImage(bytes: Uint8Array): ImageKind | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, PNG_SIGNATURE)) {
    const kind = { mimeType: 'image/png', format: 'PNG' } as const;
    // The first chunk is IHDR: width and height, big-endian, after the signature and the chunk's length and type.
    return bytes.length >= 24 && ascii(bytes, 12, 'IHDR') ? sized(kind, view.getUint32(16), view.getUint32(20)) : kind;
  }
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) {
    const kind = { mimeType: 'image/gif', format: 'GIF' } as const;
    return bytes.length >= 10 ? sized(kind, view.getUint16(6, true), view.getUint16(8, true)) : kind;
  }
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return webp(bytes, view);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes, view);
  return undefined;
}

function webp(bytes: Uint8Array, view: DataView): ImageKind {
  const kind = { mimeType: 'image/webp', format: 'WebP' } as const;
  if (ascii(bytes, 12, 'VP8 ') && bytes.length >= 30)
    return sized(kind, view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
  if (ascii(bytes, 12, 'VP8L') && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = view.getUint32(21, true);
    return sized(kind, (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (ascii(bytes, 12, 'VP8X') && bytes.length >= 30) {
    const width = bytes[24]! | (bytes[25]! << 8) | (bytes[26]! << 16);
    const height = bytes[27]! | (bytes[28]! << 8) | (bytes[29]! << 16);
    return sized(kind, width + 1, height + 1);
  }
  return kind;
}

/** Start-of-frame markers (C0–CF, less C4 DHT, C8 JPG and CC DAC): they hold the frame's size. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpeg(bytes: Uint8Array, view: DataView): ImageKind {
  const kind = { mimeType: 'image/jpeg', format: 'JPEG' } as const;
  let at = 2;
  // Segment by segment: FF, a marker, a big-endian length that counts itself; the frame's size is in SOFn.
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return kind;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return kind; // end of image, or the scan: no frame header before it
    const length = view.getUint16(at + 2);
    if (isStartOfFrame(marker))
      return at + 9 <= bytes.length ? sized(kind, view.getUint16(at + 7), view.getUint16(at + 5)) : kind;
    if (length < 2) return kind;
    at += 2 + length;
  }
  return kind;
}
