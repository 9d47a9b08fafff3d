import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoPath, requireBuilt, ROOT } from '@toolwright/test-support/paths';
import { findExecuteUses, type ExecuteUse, type ExecuteUseKind, type ExecuteUsesReport } from './find-execute-uses.js';

const FIXTURES = 'test/fixtures/execute-uses';

/** One expected use: line, enclosing function, kind, and `any` when the receiver is typed `any`. */
type Row = readonly [line: number, fn: string, kind: ExecuteUseKind, receiver?: 'any'];

/** Every use in every fixture file, exactly: a fixture missing here must have none. */
const EXPECTED: Readonly<Record<string, readonly Row[]>> = {
  'calls.ts': [
    [6, 'plainCall', 'call'],
    [10, 'optionalCalls', 'optional-call'], // tool?.execute(…)
    [11, 'optionalCalls', 'optional-call'], // tool?.execute?.(…)
    [12, 'optionalCalls', 'optional-call'], // tool?.['execute'](…)
    [16, 'elementAccess', 'call'], // tool['execute'](…)
    [18, 'elementAccess', 'call'], // tool[key](…), key: 'execute'
    [19, 'elementAccess', 'element-access'], // return tool['execute']
    [24, 'WrappedTool.execute', 'call'], // super.execute(…)
    [30, 'multiLine', 'call'], // the line of `.execute`, not of `tool`
  ],
  'references.ts': [
    [17, 'references', 'reference'], // const run = tool.execute
    [18, 'references', 'reference'], // tools.map((t) => t.execute)
    [20, 'references', 'reference'], // queue.push(tool.execute)
    [21, 'references', 'reference'], // { run: tool.execute }
    [22, 'references', 'reference'], // later(tool.execute, …)
    [23, 'references', 'bind'],
    [24, 'references', 'call-method'],
    [25, 'references', 'apply'],
    [26, 'references', 'reference'], // void tool.execute
    [31, 'replace', 'write'], // tool.execute = wrapped
    [35, 'thenReference', 'reference'], // pending.then(tool.execute)
  ],
  'destructuring.ts': [
    [8, 'shorthand', 'destructuring'],
    [13, 'renamed', 'destructuring'],
    [18, 'computedKey', 'destructuring'],
    [22, 'parameter', 'destructuring'],
    [26, 'nested', 'destructuring'],
    [31, 'inCallback', 'destructuring'],
    [36, 'forOf', 'destructuring'],
    [44, 'assignment', 'destructuring'], // ({ execute } = tool)
    [45, 'assignment', 'destructuring'], // ({ execute: holder.run } = other)
    // notTools (49-50): `const { execute } = job` and `const { name } = tool` are not uses
  ],
  'receivers.ts': [
    [12, 'subclasses', 'call'], // EchoTool extends AbstractTool
    [13, 'subclasses', 'call'], // LoudEchoTool extends EchoTool
    [22, 'implementations', 'call'], // HandMadeTool implements Tool, declares its own execute
    [23, 'implementations', 'call'], // AuditedTool extends Tool, redeclares execute
    [27, 'generic', 'call'], // T extends Tool
    [37, 'unions', 'call'], // EchoTool | HandMadeTool
    [38, 'unions', 'call'], // Readonly<Pick<Tool, 'execute'>>
    [39, 'unions', 'reference'], // Job | Tool
    [51, 'satisfiesTool', 'call'], // { … } satisfies Tool
    [63, 'typedAsTool', 'call'], // const object: Tool = { … }
    [68, 'anyReceiver', 'call', 'any'], // JSON.parse(text).execute(…)
  ],
  'enclosing.ts': [
    [6, '<module>', 'reference'],
    [9, 'insideIife', 'call'], // an anonymous IIFE is transparent
    [12, 'boundArrow', 'reference'], // an arrow bound to a variable is named by it
    [15, 'Holder.field', 'reference'],
    [18, 'Holder.static', 'reference'],
    [22, 'Holder.constructor', 'reference'],
    [26, 'Holder.run', 'call'],
    [32, 'handlers.run', 'call'], // an object-literal method, named by the object's variable
    [38, 'each', 'reference'], // a named function expression
  ],
  'not-uses.ts': [],
  'tools.ts': [],
};

let cached: ExecuteUsesReport | undefined;

/** One Program over all fixtures, built on first use. */
function report(): ExecuteUsesReport {
  requireBuilt('packages/core/dist/index.d.ts');
  const files = readdirSync(repoPath(FIXTURES)).filter((file) => file.endsWith('.ts'));
  cached ??= findExecuteUses({
    root: ROOT,
    tsconfig: 'test/tsconfig.json',
    rootNames: files.map((file) => `${FIXTURES}/${file}`),
  });
  return cached;
}

function simplify(use: ExecuteUse): object {
  return { file: use.file, line: use.line, function: use.function, kind: use.kind, receiver: use.receiver };
}

function found(file: string): object[] {
  return report()
    .uses.filter((use) => use.file === `${FIXTURES}/${file}`)
    .map(simplify);
}

function expected(file: string): object[] {
  return (EXPECTED[file] ?? []).map(([line, fn, kind, receiver]) => ({
    file: `${FIXTURES}/${file}`,
    line,
    function: fn,
    kind,
    receiver: receiver ?? 'tool',
  }));
}

describe('findExecuteUses', () => {
  it('GV-6: finds calls: plain, optional, through an element access (literal or a key typed execute), super, split over lines', () => {
    expect(found('calls.ts')).toEqual(expected('calls.ts'));
  });

  it('GV-6: finds method references (stored, mapped, pushed, in an object, passed, to then), bind/call/apply and writes', () => {
    expect(found('references.ts')).toEqual(expected('references.ts'));
  });

  it('GV-6: finds destructuring in declarations, parameters, nested patterns, callbacks, for-of and assignments', () => {
    expect(found('destructuring.ts')).toEqual(expected('destructuring.ts'));
  });

  it('GV-6: flags subclasses of AbstractTool, implementations and sub-interfaces of Tool, values typed Tool, and any', () => {
    expect(found('receivers.ts')).toEqual(expected('receivers.ts'));
  });

  it('GV-6: names the enclosing function, method, object member or <module>', () => {
    expect(found('enclosing.ts')).toEqual(expected('enclosing.ts'));
  });

  it('GV-6: does not flag a Job or a look-alike with its own execute, declarations, defineProperty, types, typeof', () => {
    expect(found('not-uses.ts')).toEqual([]);
    expect(found('tools.ts')).toEqual([]);
  });

  it('GV-6: reports exactly the table above across all fixtures, in file and line order', () => {
    const files = Object.keys(EXPECTED).sort();
    // The table names every fixture file and no other, so an empty row ('not-uses.ts') is a real fixture.
    expect(files).toEqual(
      readdirSync(repoPath(FIXTURES))
        .filter((file) => file.endsWith('.ts'))
        .sort(),
    );
    expect(report().uses.map(simplify)).toEqual(files.flatMap((file) => expected(file)));
  });

  it('GV-6: recognises Tool and AbstractTool of @toolwright/core through its built declarations', () => {
    expect(report().toolTypesFound).toEqual([
      'AbstractTool @ packages/core/dist/tool/abstract-tool.d.ts',
      'Tool @ packages/core/dist/tool/tool.d.ts',
    ]);
  });
});
