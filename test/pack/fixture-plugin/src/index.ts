// A small plugin written the way users write one: a GenericTool whose schema and binding come from
// @ToolParam input classes. test/pack/pack-install.test.ts compiles it with tsc in a project that
// installed toolwright from the packed tarballs, so it imports from '@toolwright/core' only.
import { GenericTool, Nested, SafetyLevel, ToolParam, Type, type ToolContext } from '@toolwright/core';

/** One book in the shop. */
export interface Book {
  readonly title: string;
  readonly format: 'hardcover' | 'paperback' | 'ebook';
  readonly priceCents: number;
}

const BOOKS: readonly Book[] = [
  { title: 'Dune', format: 'hardcover', priceCents: 2800 },
  { title: 'Dune', format: 'paperback', priceCents: 1100 },
  { title: 'Dune Messiah', format: 'ebook', priceCents: 700 },
  { title: 'Neuromancer', format: 'paperback', priceCents: 1300 },
];

/** A price range, in cents. */
export class PriceRange {
  @ToolParam({ description: 'Lowest price in cents', schema: Type.Integer({ minimum: 0 }) })
  min!: number;

  @ToolParam({ description: 'Highest price in cents', schema: Type.Integer({ minimum: 0 }), optional: true })
  max?: number;
}

/** The input of `find_books`. */
export class FindBooksInput {
  @ToolParam({ description: 'Text to look for in book titles', schema: Type.String() })
  title!: string;

  @ToolParam({ name: '-i', description: 'Ignore case when matching the title', schema: Type.Boolean(), default: false })
  ignoreCase!: boolean;

  @ToolParam({ description: 'Only books in this format', enum: ['hardcover', 'paperback', 'ebook'], optional: true })
  format?: 'hardcover' | 'paperback' | 'ebook';

  @ToolParam({ description: 'Only books in this price range', schema: Nested(() => PriceRange), optional: true })
  price?: PriceRange;
}

/** Finds books by title, format and price. */
export class FindBooksTool extends GenericTool<FindBooksInput, readonly Book[]> {
  constructor() {
    super({
      name: 'find_books',
      description: 'Finds books whose title contains the text, optionally filtered by format and price.',
      safety: SafetyLevel.READ_ONLY,
      input: FindBooksInput,
    });
  }

  protected doExecute(input: FindBooksInput, _context: ToolContext): readonly Book[] {
    const fold = (text: string) => (input.ignoreCase ? text.toLowerCase() : text);
    const price = input.price;
    return BOOKS.filter((book) => fold(book.title).includes(fold(input.title)))
      .filter((book) => input.format === undefined || book.format === input.format)
      .filter(
        (book) => price === undefined || (book.priceCents >= price.min && book.priceCents <= (price.max ?? Infinity)),
      );
  }

  protected render(books: readonly Book[]): string {
    if (books.length === 0) return 'No books match.';
    return books.map((book) => `${book.title} (${book.format}, ${book.priceCents} cents)`).join('\n');
  }
}

/** The tools this plugin offers. */
export default [new FindBooksTool()];
