import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../io/cli-io.js';
import { readCallArguments } from './call-arguments.js';

const folder = mkdtempSync(join(tmpdir(), 'tw-call-arguments-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A CliIo in the temporary folder; `stdin` is what `-` reads, and the caps it was asked for are kept. */
function io(stdin?: string): CliIo & { readonly asked: (number | undefined)[] } {
  const asked: (number | undefined)[] = [];
  return {
    cwd: folder,
    asked,
    stdout: () => undefined,
    stderr: () => undefined,
    ...(stdin === undefined
      ? {}
      : { readStdin: (maxBytes?: number) => (asked.push(maxBytes), Promise.resolve(stdin)) }),
  };
}

/** The message `readCallArguments` rejects with. */
async function refusal(given: string, from = io()): Promise<string> {
  try {
    await readCallArguments(given, from);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`expected ${given} to be refused`);
}

describe('readCallArguments', () => {
  it('CL-4: reads inline JSON, a file (through a link too, a byte order mark allowed) and standard input', async () => {
    writeFileSync(join(folder, 'args.json'), '\uFEFF{"query":"cow"}\n');
    symlinkSync(join(folder, 'args.json'), join(folder, 'link.json'));
    expect(await readCallArguments('{"a":1}', io())).toEqual({ a: 1 });
    expect(await readCallArguments('@args.json', io())).toEqual({ query: 'cow' });
    expect(await readCallArguments('@link.json', io())).toEqual({ query: 'cow' });
    const stdin = io('{"query":"plumber"}');
    expect(await readCallArguments('-', stdin)).toEqual({ query: 'plumber' });
    expect(stdin.asked).toEqual([1_048_576]);
  });

  it('CL-4: a FIFO, a device, a folder or a socket given as @file is refused at once, with what it is', async () => {
    expect(spawnSync('mkfifo', [join(folder, 'pipe')]).status).toBe(0);
    const hint = '. Give a JSON file, or - for standard input';
    expect(await refusal('@pipe')).toBe(
      `cannot read the arguments from pipe: it is a named pipe (FIFO), not a regular file${hint}`,
    );
    expect(await refusal('@/dev/zero')).toBe(
      `cannot read the arguments from /dev/zero: it is a character device, not a regular file${hint}`,
    );
    expect(await refusal('@.')).toBe(`cannot read the arguments from .: it is a folder, not a regular file${hint}`);
  });

  it('CL-4: more than 1 MB, from a file or from standard input, is refused', async () => {
    const tooLarge = "larger than 1,048,576 bytes, the most the gate accepts as a call's arguments";
    writeFileSync(join(folder, 'big.json'), `{"a":"${'x'.repeat(1_048_576)}"}`);
    expect(await refusal('@big.json')).toBe(`the arguments in big.json are ${tooLarge}`);
    writeFileSync(join(folder, 'fits.json'), `"${'x'.repeat(1_048_574)}"`);
    expect(await readCallArguments('@fits.json', io())).toHaveLength(1_048_574);
    // A CliIo that ignores the cap is held to it too.
    expect(await refusal('-', io(`"${'é'.repeat(600_000)}"`))).toBe(`the arguments on standard input are ${tooLarge}`);
  });

  it.each([
    ['{"token": "sk-live-SECRET" "more": 1}', "at line 1, column 28, expected ',' or '}' after a property value"],
    [
      '{"token": sk-live-SECRET}',
      'at line 1, column 11, a word that is not true, false or null (strings need double quotes)',
    ],
    [
      '{\n"password": "hunter2\u0001"\n}',
      'at line 2, column 21, a control character inside a string (escape it, as \\n or \\t)',
    ],
    ["{'password': 'SECRET'}", 'at line 1, column 2, expected a property name in double quotes'],
    ['{"key": "SECRET', 'at line 1, column 16, the text ends inside a string (a closing " is missing)'],
  ])(
    'CL-4: JSON with a mistake next to a secret is refused with where and what, never the text (%#)',
    async (text, where) => {
      writeFileSync(join(folder, 'secret.json'), text);
      for (const [given, from, what] of [
        ['@secret.json', io(), 'the arguments in secret.json'],
        ['-', io(text), 'the arguments on standard input'],
        [text, io(), 'the arguments'],
      ] as const) {
        const message = await refusal(given, from);
        expect(message).toBe(`${what} are not valid JSON: ${where}`);
        expect(message).not.toMatch(/SECRET|hunter2|sk-live/);
      }
    },
  );
});
