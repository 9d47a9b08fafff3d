import { RE2JS } from 're2js';

/** The longest glob a tool compiles, in characters. */
export const MAX_GLOB_LENGTH = 1_000;
/** The most patterns a glob's braces may stand for (`{a,b}{c,d}` stands for 4; `{1..2000}` for 2,000). */
export const MAX_BRACE_EXPANSIONS = 1_000;

/** A glob compiled for matching paths below a folder (`/`-separated, relative). */
export interface ToolGlob {
  /** True when the relative path matches. */
  match(relative: string): boolean;
  /** True when something below the relative folder could match (a walk may skip the folder otherwise). */
  mayMatchBelow(folder: string): boolean;
}

/** How a glob is matched. */
export interface ToolGlobOptions {
  /** A glob without `/` matches names in any folder (`*.js` matches `src/a.js`). */
  readonly matchBase?: boolean;
}

/**
 * Compiles a glob of a tool's input (Glob's pattern, Grep's `glob`, Ls's `ignore`) to one
 * linear-time regular expression on RE2 (SPEC PA-4): `*` and `?` within a name, `**` across
 * folders, `[...]` classes, `{a,b}` alternatives and `{1..9}` ranges, `\` escapes; dot files
 * match. Nothing a model writes can make matching slow (a backtracking glob engine takes seconds
 * on `*a*a*a*a*a*a*a*a*b` against a 40-character name), and braces are refused, with a clear
 * reason, when they stand for more than 1,000 patterns.
 */
export function compileToolGlob(
  pattern: string,
  options: ToolGlobOptions = {},
): ToolGlob | { readonly problem: string } {
  if (pattern.length > MAX_GLOB_LENGTH) {
    return {
      problem: `The glob is ${pattern.length.toLocaleString('en-US')} characters long; at most ${MAX_GLOB_LENGTH.toLocaleString('en-US')} are accepted.`,
    };
  }
  const parsed = new GlobParser(pattern).parseAll();
  if (parsed.expansions > MAX_BRACE_EXPANSIONS) {
    return {
      problem: `The glob's braces stand for ${parsed.expansions > 1e15 ? 'more than 10^15' : parsed.expansions.toLocaleString('en-US')} patterns; at most ${MAX_BRACE_EXPANSIONS.toLocaleString('en-US')} are accepted. Use * or fewer alternatives.`,
    };
  }
  const matchBase = options.matchBase === true && !pattern.includes('/');
  const source = `^${matchBase ? '(?:.*/)?' : ''}(?:${parsed.source})$`;
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source, RE2JS.DOTALL);
  } catch (error) {
    return { problem: `The glob cannot be compiled (${error instanceof Error ? error.message : String(error)}).` };
  }
  const prune = matchBase ? undefined : pruning(pattern);
  return {
    match: (relative) => compiled.matches(relative),
    mayMatchBelow: (folder) => prune === undefined || prune(folder),
  };
}

interface Alternatives {
  readonly source: string;
  readonly expansions: number;
}

const SPECIAL = /[*?[{\\]/;

/** A recursive-descent translation of glob syntax into RE2 syntax, counting brace expansions as it goes. */
class GlobParser {
  #at = 0;

  constructor(private readonly text: string) {}

  parseAll(): Alternatives {
    return this.#sequence(false);
  }

  /** A run of pieces up to the end, or (inside braces) up to `,` or `}`. */
  #sequence(inBraces: boolean): Alternatives {
    let source = '';
    let expansions = 1;
    while (this.#at < this.text.length) {
      const character = this.text[this.#at] as string;
      if (inBraces && (character === ',' || character === '}')) break;
      if (!inBraces && character === '}') {
        source += '\\}';
        this.#at++;
        continue;
      }
      if (character === '{') {
        const braces = this.#braces();
        source += braces.source;
        expansions = Math.min(expansions * braces.expansions, Number.MAX_SAFE_INTEGER);
        continue;
      }
      source += this.#piece();
    }
    return { source, expansions };
  }

  #braces(): Alternatives {
    const start = this.#at;
    const close = this.#findClose(start);
    if (close === -1) {
      this.#at++;
      return { source: '\\{', expansions: 1 };
    }
    const range = /^\{(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])\}$/.exec(this.text.slice(start, close + 1));
    if (range !== null) {
      this.#at = close + 1;
      return expandRange(range[1] as string, range[2] as string);
    }
    this.#at++;
    const options: string[] = [];
    let expansions = 0;
    for (;;) {
      const option = this.#sequence(true);
      options.push(option.source);
      expansions = Math.min(expansions + option.expansions, Number.MAX_SAFE_INTEGER);
      const character = this.text[this.#at];
      this.#at++;
      if (character === '}') break;
    }
    // `{a}` with no comma is literal in bash and minimatch.
    if (options.length === 1) return { source: `\\{${options[0] ?? ''}\\}`, expansions: 1 };
    return { source: `(?:${options.join('|')})`, expansions };
  }

  /** The index of the `}` closing the brace at `start`, or -1 when it is never closed. */
  #findClose(start: number): number {
    let depth = 0;
    for (let index = start; index < this.text.length; index++) {
      const character = this.text[index];
      if (character === '\\') index++;
      else if (character === '{') depth++;
      else if (character === '}' && --depth === 0) return index;
    }
    return -1;
  }

  /** One character or construct outside braces' own syntax. */
  #piece(): string {
    const text = this.text;
    const character = text[this.#at] as string;
    if (character === '\\') {
      const next = text[this.#at + 1];
      this.#at += next === undefined ? 1 : 2;
      return next === undefined ? '\\\\' : escapeLiteral(next);
    }
    if (character === '*') {
      // `**` standing as a whole segment spans folders; elsewhere it is a `*`.
      if (text[this.#at + 1] === '*' && this.#atSegmentStart() && this.#segmentEndsAfter(this.#at + 2)) {
        this.#at += 2;
        if (text[this.#at] === '/') {
          this.#at++;
          return '(?:[^/]*/)*';
        }
        return '.*';
      }
      while (text[this.#at] === '*') this.#at++;
      return '[^/]*';
    }
    if (character === '?') {
      this.#at++;
      return '[^/]';
    }
    if (character === '[') {
      const end = classEnd(text, this.#at);
      if (end !== -1) {
        const body = text.slice(this.#at + 1, end);
        this.#at = end + 1;
        return translateClass(body);
      }
    }
    this.#at++;
    return escapeLiteral(character);
  }

  #atSegmentStart(): boolean {
    return (
      this.#at === 0 ||
      this.text[this.#at - 1] === '/' ||
      this.text[this.#at - 1] === '{' ||
      this.text[this.#at - 1] === ','
    );
  }

  #segmentEndsAfter(index: number): boolean {
    const next = this.text[index];
    return next === undefined || next === '/' || next === ',' || next === '}';
  }
}

function expandRange(from: string, to: string): Alternatives {
  const numeric = /\d/.test(from) && /\d/.test(to);
  if (!numeric && (/\d/.test(from) || /\d/.test(to)))
    return { source: escapeLiteral(`{${from}..${to}}`), expansions: 1 };
  const start = numeric ? Number(from) : from.charCodeAt(0);
  const end = numeric ? Number(to) : to.charCodeAt(0);
  const count = Math.abs(end - start) + 1;
  if (count > MAX_BRACE_EXPANSIONS) return { source: '', expansions: count };
  const step = start <= end ? 1 : -1;
  const width = numeric && (/^-?0\d/.test(from) || /^-?0\d/.test(to)) ? Math.max(from.length, to.length) : 0;
  const values: string[] = [];
  for (let value = start; ; value += step) {
    const text = numeric ? String(value).padStart(width, '0') : String.fromCharCode(value);
    values.push(escapeLiteral(text));
    if (value === end) break;
  }
  return { source: `(?:${values.join('|')})`, expansions: count };
}

/** The index of the `]` closing a class that opens at `start`, or -1. */
function classEnd(text: string, start: number): number {
  let index = start + 1;
  if (text[index] === '!' || text[index] === '^') index++;
  if (text[index] === ']') index++;
  for (; index < text.length; index++) {
    if (text[index] === '/') return -1;
    if (text[index] === '[' && text[index + 1] === ':') {
      const close = text.indexOf(':]', index + 2);
      if (close !== -1) {
        index = close + 1;
        continue;
      }
    }
    if (text[index] === ']') return index;
  }
  return -1;
}

function translateClass(body: string): string {
  const negated = body.startsWith('!') || body.startsWith('^');
  const inner = negated ? body.slice(1) : body;
  let source = '';
  for (let index = 0; index < inner.length; index++) {
    const character = inner[index] as string;
    if (character === '[' && inner[index + 1] === ':') {
      const close = inner.indexOf(':]', index + 2);
      if (close !== -1) {
        source += inner.slice(index, close + 2);
        index = close + 1;
        continue;
      }
    }
    source += character === '\\' || character === '[' || character === ']' ? `\\${character}` : character;
  }
  return negated ? `[^/${source}]` : `[${source}]`;
}

function escapeLiteral(character: string): string {
  return character.replace(/[\\.+*?()|[\]{}^$]/g, (special) => `\\${special}`);
}

/**
 * Which folders a walk may skip: those off the glob's literal leading folders (`src/lib/*.ts`
 * needs only `src` and `src/lib`), and, for a glob without `**` or braces, those deeper than it
 * reaches. `undefined` when every folder may hold a match.
 */
function pruning(pattern: string): ((folder: string) => boolean) | undefined {
  const special = pattern.search(SPECIAL);
  const literal = special === -1 ? pattern : pattern.slice(0, special);
  const prefix = literal.slice(0, Math.max(0, literal.lastIndexOf('/')));
  const depth = /\*\*|\{/.test(pattern) ? Number.POSITIVE_INFINITY : pattern.split('/').length - 1;
  if (prefix === '' && depth === Number.POSITIVE_INFINITY) return undefined;
  return (folder) => {
    const consistent =
      prefix === '' || `${prefix}/`.startsWith(`${folder}/`) || folder.startsWith(`${prefix}/`) || folder === prefix;
    return consistent && folder.split('/').length <= depth;
  };
}
