import { resolve } from 'node:path';
import { MAX_ARGUMENT_BYTES } from '@toolwright/gate/internal';
import type { CliIo } from '../io/cli-io.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { UsageError } from '../errors/usage-error.js';
import { findJsonSyntaxError } from './json-syntax-error.js';

/**
 * The arguments of `toolwright call`, from where the user put them: inline JSON, `@file` (a JSON
 * file, relative to the directory the command runs in; JSON never starts with `@`), or `-` (the
 * standard input). A file must be a regular file (a symbolic link to one is fine); a FIFO, a
 * device, a socket or a folder is refused without waiting on it. Each source holds at most the
 * gate's argument cap (1 MB), and no more than that is ever read. Text that is not JSON is a
 * usage error that says where and what kind of mistake — never the text, which may hold secrets.
 */
export async function readCallArguments(given: string, io: CliIo): Promise<unknown> {
  if (given === '-') {
    const text = await readStandardInput(io);
    if (Buffer.byteLength(text) > MAX_ARGUMENT_BYTES) {
      throw new UsageError(`the arguments on standard input are ${tooLarge()}`);
    }
    return parseArguments(text, 'the arguments on standard input');
  }
  if (given.startsWith('@')) {
    const file = given.slice(1);
    if (file === '') throw new UsageError('@ must be followed by a file name (@args.json)');
    const read = readRegularFile(resolve(io.cwd, file), MAX_ARGUMENT_BYTES);
    if (!read.ok && read.problem === 'too-large') throw new UsageError(`the arguments in ${file} are ${tooLarge()}`);
    if (!read.ok) {
      const reason =
        read.problem === 'not-regular'
          ? `it is ${read.reason}. Give a JSON file, or - for standard input`
          : read.reason;
      throw new UsageError(`cannot read the arguments from ${file}: ${reason}`);
    }
    return parseArguments(read.bytes.toString('utf8'), `the arguments in ${file}`);
  }
  return parseArguments(given, 'the arguments');
}

function tooLarge(): string {
  return `larger than ${MAX_ARGUMENT_BYTES.toLocaleString('en-US')} bytes, the most the gate accepts as a call's arguments`;
}

async function readStandardInput(io: CliIo): Promise<string> {
  if (io.readStdin === undefined) throw new UsageError('there is no standard input here to read the arguments from');
  return io.readStdin(MAX_ARGUMENT_BYTES);
}

/** The JSON value of `text` (a byte order mark before it is allowed, as editors write one). */
function parseArguments(text: string, what: string): unknown {
  const json = text.startsWith('\uFEFF') ? text.slice(1) : text;
  try {
    return JSON.parse(json);
  } catch {
    const error = findJsonSyntaxError(json);
    const where = error === undefined ? '' : `: at line ${error.line}, column ${error.column}, ${error.problem}`;
    throw new UsageError(`${what} are not valid JSON${where}`);
  }
}
