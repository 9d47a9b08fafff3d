import { describe, expect, it } from 'vitest';
import { readSchemaDialect } from './schema-dialect.js';

describe('readSchemaDialect', () => {
  it.each([
    [undefined, { dialect: '2020-12', canonical: undefined }],
    [
      'https://json-schema.org/draft/2020-12/schema',
      { dialect: '2020-12', canonical: 'https://json-schema.org/draft/2020-12/schema' },
    ],
    [
      'https://json-schema.org/draft/2020-12/schema#',
      { dialect: '2020-12', canonical: 'https://json-schema.org/draft/2020-12/schema' },
    ],
    [
      'http://json-schema.org/draft-07/schema#',
      { dialect: 'draft-07', canonical: 'http://json-schema.org/draft-07/schema#' },
    ],
    [
      'http://json-schema.org/draft-07/schema',
      { dialect: 'draft-07', canonical: 'http://json-schema.org/draft-07/schema#' },
    ],
  ])('SC-1: $schema %s is accepted, stored in its canonical spelling', (declared, choice) => {
    expect(readSchemaDialect(declared === undefined ? { type: 'object' } : { $schema: declared })).toEqual(choice);
  });

  it.each([
    "'http://json-schema.org/draft/2020-12/schema'",
    "'https://json-schema.org/draft-07/schema#'",
    "'HTTPS://JSON-SCHEMA.ORG/DRAFT/2020-12/SCHEMA'",
    "'https://json-schema.org/draft/2020-12/schema '",
    "''",
    'null',
    '7',
  ])('SC-1: $schema %s is refused', (shown) => {
    const declared: unknown = JSON.parse(shown.startsWith("'") ? `"${shown.slice(1, -1)}"` : shown);
    expect(readSchemaDialect({ $schema: declared })).toEqual({
      rule: 'references',
      pointer: '/$schema',
      message: `$schema must be 'https://json-schema.org/draft/2020-12/schema' or 'http://json-schema.org/draft-07/schema#', not ${shown}`,
    });
  });
});
