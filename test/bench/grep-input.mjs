// A 13-field, grep-like input class for the bind-input benchmark, written in plain JS. Each field is
// decorated by hand the way TypeScript's legacy `__decorate` does it for
//   @ToolParam({...}) property!: T;
// i.e. `__metadata('design:type', T)` is applied first (decorators run bottom-up), then `ToolParam`.
import { ToolParam, Type } from '../../packages/core/dist/index.js';

export class GrepInput {}

/** [property, design:type, @ToolParam options], in declaration order. */
const FIELDS = [
  ['pattern', String, { description: 'Regular expression to search for', schema: Type.String() }],
  ['path', String, { description: 'File or directory to search in', schema: Type.String(), optional: true }],
  [
    'glob',
    String,
    { description: 'Glob that file names must match, e.g. "*.ts"', schema: Type.String(), optional: true },
  ],
  [
    'outputMode',
    String,
    {
      name: 'output_mode',
      description: 'What to print for each match',
      enum: ['content', 'files_with_matches', 'count'],
      default: 'files_with_matches',
    },
  ],
  ['ignoreCase', Boolean, { name: '-i', description: 'Ignore case', schema: Type.Boolean(), default: false }],
  ['lineNumbers', Boolean, { name: '-n', description: 'Show line numbers', schema: Type.Boolean(), optional: true }],
  ['after', Number, { name: '-A', description: 'Lines after each match', schema: Type.Integer(), optional: true }],
  ['before', Number, { name: '-B', description: 'Lines before each match', schema: Type.Integer(), optional: true }],
  ['context', Number, { name: '-C', description: 'Lines around each match', schema: Type.Integer(), optional: true }],
  ['type', String, { description: 'File type to search, e.g. "js"', schema: Type.String(), optional: true }],
  [
    'headLimit',
    Number,
    { name: 'head_limit', description: 'Stop after this many results', schema: Type.Integer(), optional: true },
  ],
  ['multiline', Boolean, { description: 'Let patterns span lines', schema: Type.Boolean(), default: false }],
  [
    'exclude',
    Array,
    {
      description: 'Globs of paths to skip',
      schema: Type.Array(Type.String()),
      optional: true,
    },
  ],
];

for (const [property, designType, options] of FIELDS) {
  Reflect.defineMetadata('design:type', designType, GrepInput.prototype, property);
  ToolParam(options)(GrepInput.prototype, property);
}
