// The tree the Grep benchmark searches: FOLDERS × SUBFOLDERS × FILES_PER_FOLDER text files of about
// 10 KB each (~200 MB), made of lines drawn from a fixed pool by a seeded generator, so every run
// builds the same bytes. One file in NEEDLE_EVERY holds NEEDLE_LINES lines that match NEEDLE_PATTERN;
// no other line can. No dot files, links, binary files or .gitignore: grep -rn, rg and Grep must
// all search every file, so their counts can be compared.
import { Buffer } from 'node:buffer';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FOLDERS = 20;
const SUBFOLDERS = 50;
const FILES_PER_FOLDER = 20;
const LINES_PER_FILE = 130;
const POOL_LINES = 4_096;
const NEEDLE_EVERY = 50;
const NEEDLE_LINES = 3;
const WORDS = [
  'const',
  'value',
  'return',
  'function',
  'import',
  'export',
  'async',
  'await',
  'result',
  'options',
  'request',
  'response',
  'handler',
  'context',
  'promise',
  'string',
  'number',
  'object',
  'length',
  'index',
  'buffer',
  'stream',
  'error',
  'message',
  'config',
  'server',
  'client',
  'token',
  'session',
  'record',
];

/** A regular expression every engine reads alike (RE2, POSIX ERE, Rust regex). */
export const NEEDLE_PATTERN = 'needle_[0-9]+_marker';
/** A plain string found on exactly the lines NEEDLE_PATTERN matches. */
export const NEEDLE_LITERAL = 'marker at';
/** A regular expression with no literal every match must hold, matching exactly those lines too. */
export const NO_LITERAL_PATTERN = '[0-9]+[_-][a-z]+';

/** A small, seeded generator (mulberry32): the same sequence on every run. */
function generator(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function linePool(random) {
  return Array.from({ length: POOL_LINES }, () => {
    const words = Array.from(
      { length: 6 + Math.floor(random() * 10) },
      () => WORDS[Math.floor(random() * WORDS.length)],
    );
    return `${'  '.repeat(Math.floor(random() * 4))}${words.join(' ')};`;
  });
}

/**
 * Writes the tree under a new temporary folder and returns where it is, its size, and how many
 * files and lines match {@link NEEDLE_PATTERN}. The caller deletes it.
 */
export function generateGrepTree() {
  const root = mkdtempSync(join(tmpdir(), 'tw-grep-bench-'));
  const random = generator(20_260_101);
  const pool = linePool(random);
  let files = 0;
  let bytes = 0;
  let matchingFiles = 0;
  let matchingLines = 0;
  for (let folder = 0; folder < FOLDERS; folder++) {
    for (let subfolder = 0; subfolder < SUBFOLDERS; subfolder++) {
      const path = join(root, `pkg-${folder}`, `mod-${subfolder}`);
      mkdirSync(path, { recursive: true });
      for (let file = 0; file < FILES_PER_FOLDER; file++) {
        const lines = Array.from({ length: LINES_PER_FILE }, () => pool[Math.floor(random() * POOL_LINES)]);
        if (files % NEEDLE_EVERY === 0) {
          for (let needle = 0; needle < NEEDLE_LINES; needle++) {
            lines[Math.floor(random() * LINES_PER_FILE)] = `  // needle_${files}_marker at ${needle}`;
          }
          matchingFiles++;
          // Two needles may land on one line: count what is there.
          matchingLines += lines.filter((line) => line.includes('_marker')).length;
        }
        const text = `${lines.join('\n')}\n`;
        writeFileSync(join(path, `file-${file}.ts`), text);
        files++;
        bytes += Buffer.byteLength(text);
      }
    }
  }
  return { root, files, bytes, matchingFiles, matchingLines };
}
