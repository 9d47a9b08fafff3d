/** Why a pattern cannot be translated faithfully: one clause for a human, no trailing full stop. */
export class PatternRefusal extends Error {
  override readonly name = 'PatternRefusal';
}

/**
 * Reads a JSON Schema pattern the way ECMAScript's unicode mode does: one code point at a time
 * (a surrogate pair is one character; a lone surrogate is one too).
 */
export class PatternCursor {
  private readonly characters: readonly string[];
  private position = 0;

  constructor(pattern: string) {
    this.characters = Array.from(pattern);
  }

  /** The character `offset` places ahead, or `undefined` past the end. */
  peek(offset = 0): string | undefined {
    return this.characters[this.position + offset];
  }

  /** True when every character has been read. */
  atEnd(): boolean {
    return this.position >= this.characters.length;
  }

  /** Reads one character; refuses at the end of the pattern with `missing`. */
  next(missing = 'the pattern ends too early'): string {
    const character = this.characters[this.position];
    if (character === undefined) this.refuse(missing);
    this.position += 1;
    return character;
  }

  /** Reads `text` when the pattern continues with it. */
  eat(text: string): boolean {
    const wanted = Array.from(text);
    for (let index = 0; index < wanted.length; index++) {
      if (this.characters[this.position + index] !== wanted[index]) return false;
    }
    this.position += wanted.length;
    return true;
  }

  /** Reads characters while `accept` says yes. */
  readWhile(accept: (character: string) => boolean): string {
    let text = '';
    for (let character = this.peek(); character !== undefined && accept(character); character = this.peek()) {
      text += character;
      this.position += 1;
    }
    return text;
  }

  /** Where the cursor is, for a human: the 1-based number of the next character. */
  place(): string {
    return `at character ${this.position + 1}`;
  }

  /** Stops the translation with `reason`. */
  refuse(reason: string): never {
    throw new PatternRefusal(reason);
  }
}
