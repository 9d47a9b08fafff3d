#!/usr/bin/env node
// `tsc -b` for the whole workspace, saying what it does while it works: a fresh build takes about
// a minute, and a silent minute looks like a hang. Prints one line per project (built, or already
// up to date), passes compiler errors through unchanged, and exits with tsc's exit code.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules', '.bin', 'tsc');
const started = Date.now();

/** tsc's verbose lines start with a clock time: `4:06:16 PM - `. */
const TIMESTAMP = /^\[?\d{1,2}:\d{2}:\d{2}(?: [AP]M)?\]? - /;

/** The short form of a line of `tsc -b --verbose`, '' to leave it out, or the line itself. */
function describe(line) {
  const text = line.replace(TIMESTAMP, '');
  if (text === line) return line.startsWith('    * ') ? '' : line; // the project list; errors pass through
  const building = /^Building project '(.+)'\.\.\.$/.exec(text);
  if (building) return `  building ${building[1].replace(root, '')} …`;
  const upToDate = /^Project '(.+)' is up to date/.exec(text);
  if (upToDate) return `  up to date: ${upToDate[1]}`;
  if (/^Projects in this build:/.test(text)) return '';
  if (/^Project '.+' is out of date|^Updating (output timestamps|unchanged output)/.test(text)) return '';
  return `  ${text}`;
}

process.stdout.write('Building the workspace with tsc -b (about a minute on a fresh checkout, seconds after)\n');
const child = spawn(tsc, ['-b', '--verbose', '--pretty', 'false'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
const lines = createInterface({ input: child.stdout });
lines.on('line', (line) => {
  const shown = describe(line);
  if (shown !== '') process.stdout.write(`${shown}\n`);
});
child.on('close', (code) => {
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(code === 0 ? `Built in ${seconds} s.\n\n` : `The build failed (tsc exit code ${code}).\n`);
  process.exitCode = code ?? 1;
});
