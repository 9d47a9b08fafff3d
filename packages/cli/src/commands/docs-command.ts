import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from '../io/cli-io.js';
import { readRegularFile } from '../io/read-regular-file.js';
import { writeRegularFile } from '../io/write-regular-file.js';
import { renderManifest } from '../docs/render-manifest.js';
import { pluginTitle } from '../docs/plugin-title.js';
import { renderMarkdown } from '../docs/render-markdown.js';
import { loadPlugin } from '../plugin/load-plugin.js';
import { UsageError } from '../errors/usage-error.js';
import { formatCommandLine } from './shell-quote.js';

export const DOCS_HELP = `Usage: toolwright docs <module> [--format markdown|json] [--title <text>] [--out <file>] [--check]

Writes reference docs for every tool the plugin module exports: name, description, safety level,
parameter table, nested types and an example call (Markdown), or a tools/list-like manifest (json).
  --title <text> the Markdown title (default: the plugin's package.json name, then "tools")
  --out <file>   write to a file instead of stdout (missing folders are created)
  --check        compare with --out instead of writing; exit 1 when it is out of date, with the
                 command that brings it up to date
`;

/** `toolwright docs` (SPEC CL-1). */
export async function docsCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'markdown' },
      title: { type: 'string' },
      out: { type: 'string' },
      check: { type: 'boolean', default: false },
    },
  });
  const [specifier] = positionals;
  if (specifier === undefined || positionals.length > 1) throw new UsageError('docs takes one plugin module');
  if (values.format !== 'markdown' && values.format !== 'json')
    throw new UsageError(`--format must be markdown or json, not ${values.format}`);
  if (values.check && values.out === undefined) throw new UsageError('--check needs --out <file> to compare with');
  const plugin = await loadPlugin(specifier, io.cwd);
  try {
    const title = values.title ?? pluginTitle(specifier, io.cwd);
    const text = values.format === 'json' ? renderManifest(plugin.tools) : renderMarkdown(title, plugin.tools);
    if (values.out === undefined) {
      io.stdout(text);
      return 0;
    }
    const target = resolve(io.cwd, values.out);
    if (values.check) {
      // Read no more than the docs are, plus one byte: a longer file, or one that is no regular file, is out of date.
      const current = readRegularFile(target, Buffer.byteLength(text) + 1);
      if (current.ok && current.bytes.toString('utf8') === text) return 0;
      const again = formatCommandLine(['toolwright', 'docs', ...args.filter((arg) => arg !== '--check')]);
      io.stderr(`${values.out} is out of date; run: ${again}\n`);
      return 1;
    }
    writeDocs(target, values.out, text);
    return 0;
  } finally {
    await plugin.dispose();
  }
}

/** Writes the docs, creating missing folders; a file that cannot be written is a usage error, not a crash. */
function writeDocs(target: string, given: string, text: string): void {
  try {
    mkdirSync(dirname(target), { recursive: true });
    writeRegularFile(target, text);
  } catch (error) {
    throw new UsageError(`cannot write ${given}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
