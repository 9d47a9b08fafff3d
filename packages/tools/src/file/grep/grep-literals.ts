/**
 * The literals every match of a pattern contains (SPEC PF-3), read from its RE2 syntax (as
 * `RE2JS.translateRegExp` gives it) with case-sensitive meaning: `needle_[0-9]+_marker` gives
 * `needle_` and `_marker`. A literal is listed only when every match contains it, so alternations,
 * optional parts (`?`, `*`, `{0,n}`), classes and escapes that stand for several characters add
 * nothing; a pattern that switches case folding on inside (`(?i)`), or that this reader does not
 * follow to the letter, gives none. Grep skips a file, or a line, whose bytes hold none of them.
 */
export function requiredLiterals(source: string): readonly string[] {
  try {
    const reader = new PatternReader(source);
    const literals = reader.alternation();
    return reader.atEnd() ? literals.filter((literal) => literal !== '') : [];
  } catch {
    return [];
  }
}

/** Thrown where the reader stops trusting itself; the pattern then has no literal. */
class Unsure extends Error {}

/**
 * One piece of a concatenation: characters (a quantifier binds to the last), a group, anything
 * else, or nothing at all (`(?s)`, `\Q\E`: a quantifier after it binds to what came before).
 */
type Atom =
  | { readonly kind: 'characters'; readonly text: readonly string[] }
  | { readonly kind: 'group'; readonly literals: readonly string[] }
  | { readonly kind: 'other' }
  | { readonly kind: 'nothing' };

const OTHER: Atom = { kind: 'other' };
const NOTHING: Atom = { kind: 'nothing' };
const CONTROL_ESCAPES: Readonly<Record<string, string>> = { a: '\x07', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const REPEAT = /^\{(0|[1-9][0-9]{0,7})(,(0|[1-9][0-9]{0,7})?)?\}/;

class PatternReader {
  readonly #source: string;
  #at = 0;

  constructor(source: string) {
    this.#source = source;
  }

  atEnd(): boolean {
    return this.#at >= this.#source.length;
  }

  /** `a|b|c`: with one branch, that branch's literals; with several, none (no literal need be in all). */
  alternation(): string[] {
    const first = this.concatenation();
    let branches = 1;
    while (this.#peek() === '|') {
      this.#at++;
      this.concatenation();
      branches++;
    }
    return branches === 1 ? first : [];
  }

  concatenation(): string[] {
    const literals: string[] = [];
    let run = '';
    const flush = (): void => {
      if (run !== '') literals.push(run);
      run = '';
    };
    for (let next = this.#peek(); next !== undefined && next !== '|' && next !== ')'; next = this.#peek()) {
      const atom = this.#atom();
      const least = this.#repetition();
      if (atom.kind === 'nothing') {
        if (least !== undefined) throw new Unsure();
      } else if (atom.kind === 'characters') {
        const last = atom.text.length - 1;
        run += atom.text.slice(0, last).join('');
        if (least === undefined) run += atom.text[last] ?? '';
        else {
          // `ab*`: the b may be absent; `ab+`: the b is there, but what follows may be another b.
          if (least > 0) run += atom.text[last] ?? '';
          flush();
        }
      } else {
        flush();
        if (atom.kind === 'group' && (least === undefined || least > 0)) literals.push(...atom.literals);
      }
    }
    flush();
    return literals;
  }

  #peek(): string | undefined {
    return this.#at < this.#source.length ? String.fromCodePoint(this.#source.codePointAt(this.#at) ?? 0) : undefined;
  }

  #take(): string {
    const character = this.#peek();
    if (character === undefined) throw new Unsure();
    this.#at += character.length;
    return character;
  }

  /** The least count of a quantifier after an atom (`*` 0, `+` 1, `{2,5}` 2), or `undefined` when none follows. */
  #repetition(): number | undefined {
    const least = this.#quantifier();
    if (least === undefined) return undefined;
    if (this.#peek() === '?') this.#at++; // non-greedy
    if (this.#quantifier() !== undefined) throw new Unsure();
    return least;
  }

  #quantifier(): number | undefined {
    const next = this.#peek();
    if (next === '*' || next === '?') {
      this.#at++;
      return 0;
    }
    if (next === '+') {
      this.#at++;
      return 1;
    }
    const repeat = next === '{' ? REPEAT.exec(this.#source.slice(this.#at)) : null;
    if (repeat === null) return undefined;
    this.#at += repeat[0].length;
    return Number(repeat[1]);
  }

  #atom(): Atom {
    const character = this.#take();
    switch (character) {
      case '(':
        return this.#group();
      case '[':
        this.#skipClass();
        return OTHER;
      case '.':
      case '^':
      case '$':
        return OTHER;
      case '\\':
        return this.#escape();
      case '*':
      case '+':
      case '?':
        throw new Unsure();
      case '{':
        if (REPEAT.test(this.#source.slice(this.#at - 1))) throw new Unsure();
        return { kind: 'characters', text: ['{'] };
      default:
        return { kind: 'characters', text: [character] };
    }
  }

  #group(): Atom {
    if (this.#peek() === '?') {
      this.#at++;
      const rest = this.#source.slice(this.#at);
      const named = /^P?<[A-Za-z0-9_]+>/.exec(rest);
      if (named !== null) this.#at += named[0].length;
      else {
        const flags = /^[imsU-]*[:)]/.exec(rest);
        if (flags === null || flags[0].includes('i')) throw new Unsure();
        this.#at += flags[0].length;
        if (flags[0].endsWith(')')) return NOTHING; // `(?s)`: flags for what follows, no text
      }
    }
    const literals = this.alternation();
    if (this.#take() !== ')') throw new Unsure();
    return { kind: 'group', literals };
  }

  #escape(): Atom {
    const character = this.#take();
    if (/^[AzbBdDsSwW]$/.test(character)) return OTHER;
    if (character === 'p' || character === 'P') {
      if (this.#take() === '{') this.#skipPast('}');
      return OTHER;
    }
    if (character === 'x') {
      if (this.#take() === '{') this.#skipPast('}');
      else this.#take();
      return OTHER;
    }
    if (/^[0-7]$/.test(character)) {
      for (let digits = 1; digits < 3 && /^[0-7]$/.test(this.#peek() ?? ''); digits++) this.#at++;
      return OTHER;
    }
    if (character === 'Q') {
      const end = this.#source.indexOf('\\E', this.#at);
      const quoted = this.#source.slice(this.#at, end === -1 ? undefined : end);
      this.#at = end === -1 ? this.#source.length : end + 2;
      return quoted === '' ? NOTHING : { kind: 'characters', text: Array.from(quoted) };
    }
    const control = CONTROL_ESCAPES[character];
    if (control !== undefined) return { kind: 'characters', text: [control] };
    if (character.charCodeAt(0) < 0x80 && !/^[A-Za-z0-9]$/.test(character)) {
      return { kind: 'characters', text: [character] };
    }
    throw new Unsure();
  }

  /** Skips a character class after its `[`, as RE2 reads one: a `]` first is a member, `[:alpha:]` is one member. */
  #skipClass(): void {
    if (this.#peek() === '^') this.#at++;
    for (let first = true; first || this.#peek() !== ']'; first = false) {
      if (this.#source.startsWith('[:', this.#at) && this.#source.includes(':]', this.#at)) {
        this.#skipPast(':]');
        continue;
      }
      if (this.#take() === '\\') this.#escape();
    }
    this.#at++;
  }

  #skipPast(end: string): void {
    const found = this.#source.indexOf(end, this.#at);
    if (found === -1) throw new Unsure();
    this.#at = found + end.length;
  }
}
