import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliIo } from '../io/cli-io.js';
import { UsageError } from '../errors/usage-error.js';

/**
 * The arguments of `toolwright call`, from where the user put them: inline JSON, `@file` (a JSON
 * file, relative to the directory the command runs in; JSON never starts with `@`), or `-` (the
 * standard input). Text that is not JSON, or a file that cannot be read, is a usage error that
 * says which.
 */
export async function readCallArguments(given: string, io: CliIo): Promise<unknown> {
  if (given === '-') return parseArguments(await readStandardInput(io), 'the arguments on standard input');
  if (given.startsWith('@')) {
    const file = given.slice(1);
    if (file === '') throw new UsageError('@ must be followed by a file name (@args.json)');
    let text: string;
    try {
      text = await readFile(resolve(io.cwd, file), 'utf8');
    } catch (error) {
      throw new UsageError(`cannot read the arguments from ${file}: ${(error as Error).message}`);
    }
    return parseArguments(text, `the arguments in ${file}`);
  }
  return parseArguments(given, 'the arguments');
}

async function readStandardInput(io: CliIo): Promise<string> {
  if (io.readStdin === undefined) throw new UsageError('there is no standard input here to read the arguments from');
  return io.readStdin();
}

function parseArguments(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${what} are not valid JSON: ${(error as Error).message}`);
  }
}
