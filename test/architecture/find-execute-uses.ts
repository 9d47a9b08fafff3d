/**
 * Finds every place a tool's `execute` is used as a value (SPEC GV-6), with the TypeScript type
 * checker — not with text patterns — so a renamed variable, a subclass or a method reference
 * cannot hide a call.
 *
 * What counts as a tool: a value whose `execute` member resolves, through the checker, to a
 * declaration of `execute` in the `Tool` interface or the `AbstractTool` class of
 * `@toolwright/core` (its sources or its built `.d.ts`), or in any class or interface that extends or
 * implements them, directly or through other classes and interfaces. Members of unions,
 * intersections and homomorphic mapped types (`Pick<Tool, 'execute'>`, `Readonly<Tool>`) keep their
 * declarations, so they resolve too. An object literal counts when its contextual type is a tool
 * (`{ … } satisfies Tool`, a literal returned as `Tool`).
 *
 * What counts as a use (each is reported with its {@link ExecuteUseKind}):
 * - `tool.execute(…)`, `tool?.execute(…)`, `tool.execute?.(…)`, `super.execute(…)`;
 * - `tool['execute']` (a string literal, or any key whose type is the literal `'execute'`);
 * - a reference that is not called: `const run = tool.execute`, `list.map((t) => t.execute)`,
 *   `promise.then(tool.execute)`, `later(tool.execute, …)`, `{ run: tool.execute }`, `void tool.execute`;
 * - `tool.execute.bind(…)`, `.call(…)`, `.apply(…)`;
 * - destructuring: `const { execute } = tool`, `{ execute: run }`, `{ ['execute']: run }`, in
 *   parameters, nested patterns and `for … of`; destructuring assignment `({ execute } = tool)`;
 * - an assignment to it (`tool.execute = wrapped`): replacing a tool's `execute` is a way around the
 *   gate, so it is reported (kind `write`) rather than ignored.
 *
 * What is not a use: declarations of `execute` (the method in `Tool`, `declare readonly execute` in
 * `AbstractTool`, a class implementing `Tool` declaring its own `execute`), type positions
 * (`typeof tool.execute` in a type, `Tool['execute']`), the operand of the `typeof` operator
 * (`typeof tool.execute !== 'function'` is a presence check: the function can neither be called nor
 * escape through it), and string literals anywhere else — `Object.defineProperty(this, 'execute', …)`
 * in `AbstractTool` defines the member, it does not call it, so a bare `'execute'` string (as in
 * `defineProperty`, `'execute' in tool`) is deliberately not inspected. Only a string used as an
 * element-access key or a destructuring key is.
 *
 * `any`: a member named `execute` read from a receiver typed `any` (including the error type of an
 * import that did not resolve) is reported with `receiver: 'any'`. The checker cannot say whether it
 * is a tool, and a cast to `any` is the cheapest way around a typed rule, so it is reported rather
 * than passed; the caller decides. (An unbuilt `@toolwright/core` turns every tool into `any`, which
 * this makes loud rather than silent.)
 *
 * Limits — forms this cannot see: keys computed at run time (`tool[name]` with `name: string`),
 * reflection (`Reflect.get(tool, 'execute')`, `Object.getOwnPropertyDescriptor`, `Reflect.apply`),
 * spreading a tool into another object (`{ ...tool }` then `copy.execute`, when the copy's type is
 * not a tool), receivers typed through an index signature or `Function`, a value typed structurally
 * (an object type that has a compatible `execute` but does not extend `Tool`/`AbstractTool`), and
 * destructuring *assignments* whose key is a string or computed name (`({ 'execute': run } = tool)`).
 * Only the given root files are scanned; declaration files (`.d.ts`) are skipped.
 */
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import ts from 'typescript';

/** How the member is used. */
export type ExecuteUseKind =
  | 'call'
  | 'optional-call'
  | 'reference'
  | 'bind'
  | 'call-method'
  | 'apply'
  | 'element-access'
  | 'destructuring'
  | 'write';

/** One place a tool's `execute` is used as a value. */
export interface ExecuteUse {
  /** The file, relative to the report root, with `/` separators. */
  readonly file: string;
  /** 1-based line of the `execute` name (or key). */
  readonly line: number;
  /** The enclosing named function or method (`Class.method`, `object.method`), or `<module>`. */
  readonly function: string;
  readonly kind: ExecuteUseKind;
  /** `tool`: the member resolves to a tool's `execute`; `any`: the receiver is typed `any`. */
  readonly receiver: 'tool' | 'any';
  /** The source text of the use, for messages. */
  readonly text: string;
}

/** Names the declarations that make a type a tool: a class or interface `name` declared in a file matching `file`. */
export interface ToolTypeMatcher {
  readonly name: string;
  readonly file: RegExp;
}

/** `Tool` and `AbstractTool` of `@toolwright/core`, from its sources or from its built declarations. */
export const DEFAULT_TOOL_TYPES: readonly ToolTypeMatcher[] = [
  { name: 'Tool', file: /(?:^|\/)(?:packages|@toolwright)\/core\/(?:src|dist)\/tool\/tool\.(?:d\.)?ts$/ },
  {
    name: 'AbstractTool',
    file: /(?:^|\/)(?:packages|@toolwright)\/core\/(?:src|dist)\/tool\/abstract-tool\.(?:d\.)?ts$/,
  },
];

export interface FindExecuteUsesOptions {
  /** The files to scan (absolute, or relative to `root`). When omitted, the files of `tsconfig`. */
  readonly rootNames?: readonly string[];
  /**
   * A tsconfig for the compiler options (its `extends` is followed). Without `rootNames`, its own
   * file list is scanned.
   */
  readonly tsconfig?: string;
  /** Compiler options used when no `tsconfig` is given (or added over its options). */
  readonly compilerOptions?: ts.CompilerOptions;
  /** Reported paths are relative to this directory. Default: the current directory. */
  readonly root?: string;
  /** What makes a type a tool. Default: {@link DEFAULT_TOOL_TYPES}. */
  readonly toolTypes?: readonly ToolTypeMatcher[];
}

export interface ExecuteUsesReport {
  /** Every use, sorted by file and line. */
  readonly uses: readonly ExecuteUse[];
  /**
   * The tool types found in the program (`name @ file`): an empty list means the rule could not
   * recognise any tool and would pass vacuously.
   */
  readonly toolTypesFound: readonly string[];
}

const MEMBER = 'execute';
const FUNCTION_METHODS: Readonly<Record<string, ExecuteUseKind>> = {
  bind: 'bind',
  call: 'call-method',
  apply: 'apply',
};

/** Builds one Program over the root files and reports every use of a tool's `execute` in them. */
export function findExecuteUses(options: FindExecuteUsesOptions): ExecuteUsesReport {
  const root = resolve(options.root ?? process.cwd());
  const { rootNames, compilerOptions } = programInputs(options, root);
  const program = ts.createProgram({ rootNames, options: { ...compilerOptions, noEmit: true } });
  const checker = program.getTypeChecker();
  const analyzer = new Analyzer(checker, options.toolTypes ?? DEFAULT_TOOL_TYPES, root);
  const roots = new Set(rootNames.map((name) => normalise(name)));
  const uses: ExecuteUse[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile || !roots.has(normalise(sourceFile.fileName))) continue;
    uses.push(...analyzer.scan(sourceFile));
  }
  uses.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.text.localeCompare(b.text));
  const toolTypesFound = program
    .getSourceFiles()
    .flatMap((sourceFile) => analyzer.toolTypesIn(sourceFile))
    .sort();
  return { uses, toolTypesFound };
}

function programInputs(
  options: FindExecuteUsesOptions,
  root: string,
): { rootNames: string[]; compilerOptions: ts.CompilerOptions } {
  const given = options.rootNames?.map((name) => (isAbsolute(name) ? name : resolve(root, name)));
  if (options.tsconfig === undefined) {
    if (given === undefined) throw new Error('findExecuteUses needs rootNames or a tsconfig.');
    return { rootNames: given, compilerOptions: options.compilerOptions ?? {} };
  }
  const tsconfig = resolve(root, options.tsconfig);
  const read = ts.readConfigFile(tsconfig, (path) => ts.sys.readFile(path));
  if (read.error !== undefined) throw new Error(describe([read.error]));
  const raw = read.config as Record<string, unknown>;
  // With explicit roots, only the options matter: replace the file list so the config's own globs are not walked.
  const { include: _include, ...withoutInclude } = raw;
  const config = given === undefined ? raw : { ...withoutInclude, files: given };
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfig), options.compilerOptions, tsconfig);
  if (parsed.errors.length > 0) throw new Error(describe(parsed.errors));
  return { rootNames: given ?? parsed.fileNames, compilerOptions: parsed.options };
}

function describe(diagnostics: readonly ts.Diagnostic[]): string {
  return diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')).join('\n');
}

function normalise(path: string): string {
  return resolve(path).split(sep).join('/');
}

type Heritable = ts.ClassLikeDeclaration | ts.InterfaceDeclaration;

class Analyzer {
  readonly #toolContainers = new Map<ts.Node, boolean>();

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly toolTypes: readonly ToolTypeMatcher[],
    private readonly root: string,
  ) {}

  scan(sourceFile: ts.SourceFile): ExecuteUse[] {
    const uses: ExecuteUse[] = [];
    const visit = (node: ts.Node): void => {
      const use = this.#useAt(node, sourceFile);
      if (use !== undefined) uses.push(use);
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    return uses;
  }

  toolTypesIn(sourceFile: ts.SourceFile): string[] {
    const found: string[] = [];
    const visit = (node: ts.Node): void => {
      if ((ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) && this.#isToolRoot(node)) {
        found.push(`${node.name?.text ?? ''} @ ${this.#relative(sourceFile.fileName)}`);
      }
      if (ts.isSourceFile(node) || ts.isModuleBlock(node) || ts.isModuleDeclaration(node)) ts.forEachChild(node, visit);
    };
    visit(sourceFile);
    return found;
  }

  #useAt(node: ts.Node, sourceFile: ts.SourceFile): ExecuteUse | undefined {
    if (ts.isPropertyAccessExpression(node) && node.name.text === MEMBER) {
      const kind = accessKind(node);
      const receiver = kind && this.#receiverOfAccess(node);
      return kind && receiver && this.#use(sourceFile, node, node.name, kind, receiver);
    }
    if (ts.isElementAccessExpression(node) && this.#keyIsExecute(node.argumentExpression)) {
      const kind = accessKind(node);
      const receiver = kind && this.#receiverOfAccess(node);
      const reported = kind === 'reference' ? 'element-access' : kind;
      return reported && receiver && this.#use(sourceFile, node, node.argumentExpression, reported, receiver);
    }
    if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
      const key = node.propertyName ?? node.name;
      if (!this.#namesExecute(key)) return undefined;
      const receiver = this.#receiverOfType(this.checker.getTypeAtLocation(node.parent));
      return receiver && this.#use(sourceFile, node, key, 'destructuring', receiver);
    }
    if (
      (ts.isShorthandPropertyAssignment(node) || ts.isPropertyAssignment(node)) &&
      ts.isIdentifier(node.name) &&
      node.name.text === MEMBER &&
      isAssignmentPattern(node.parent)
    ) {
      const property = this.checker.getPropertySymbolOfDestructuringAssignment(node.name);
      const receiver = property !== undefined ? (this.#isToolExecute(property) ? 'tool' : undefined) : undefined;
      return receiver && this.#use(sourceFile, node, node.name, 'destructuring', receiver);
    }
    return undefined;
  }

  #use(
    sourceFile: ts.SourceFile,
    node: ts.Node,
    at: ts.Node,
    kind: ExecuteUseKind,
    receiver: 'tool' | 'any',
  ): ExecuteUse {
    const { line } = sourceFile.getLineAndCharacterOfPosition(at.getStart(sourceFile));
    const text = node.getText(sourceFile).replace(/\s+/g, ' ');
    return {
      file: this.#relative(sourceFile.fileName),
      line: line + 1,
      function: enclosingFunction(node),
      kind,
      receiver,
      text: text.length > 80 ? `${text.slice(0, 77)}...` : text,
    };
  }

  #relative(fileName: string): string {
    return relative(this.root, fileName).split(sep).join('/');
  }

  /** `tool`, `any` or nothing, for `x.execute` / `x['execute']`. */
  #receiverOfAccess(node: ts.PropertyAccessExpression | ts.ElementAccessExpression): 'tool' | 'any' | undefined {
    const symbol = this.checker.getSymbolAtLocation(ts.isPropertyAccessExpression(node) ? node.name : node);
    if (symbol !== undefined && this.#isToolExecute(symbol)) return 'tool';
    return this.#receiverOfType(this.checker.getTypeAtLocation(node.expression));
  }

  /** `tool` when the type's `execute` is a tool's, `any` for an `any` type, otherwise nothing. */
  #receiverOfType(type: ts.Type): 'tool' | 'any' | undefined {
    if (type.flags & ts.TypeFlags.Any) return 'any';
    const apparent = this.checker.getApparentType(this.checker.getNonNullableType(type));
    const candidates = apparent.isUnion() ? apparent.types : [apparent];
    for (const candidate of candidates) {
      const property = this.checker.getPropertyOfType(this.checker.getApparentType(candidate), MEMBER);
      if (property !== undefined && this.#isToolExecute(property)) return 'tool';
    }
    return undefined;
  }

  /** A property name in a pattern: `execute`, `'execute'`, or `[key]` with a key typed `'execute'`. */
  #namesExecute(name: ts.PropertyName | ts.BindingName): boolean {
    if (ts.isIdentifier(name) || ts.isStringLiteralLike(name)) return name.text === MEMBER;
    return ts.isComputedPropertyName(name) && this.#keyIsExecute(name.expression);
  }

  /** A key expression: the string `'execute'`, or any expression whose type is that literal (or a union with it). */
  #keyIsExecute(key: ts.Expression): boolean {
    if (ts.isStringLiteralLike(key)) return key.text === MEMBER;
    const type = this.checker.getTypeAtLocation(key);
    const parts = type.isUnion() ? type.types : [type];
    return parts.some((part) => part.isStringLiteral() && part.value === MEMBER);
  }

  #isToolExecute(symbol: ts.Symbol): boolean {
    return (symbol.declarations ?? []).some((declaration) => this.#isToolMember(declaration));
  }

  #isToolMember(declaration: ts.Declaration): boolean {
    const container = declaration.parent;
    if (ts.isClassLike(container) || ts.isInterfaceDeclaration(container)) return this.#isToolContainer(container);
    if (ts.isObjectLiteralExpression(container)) return this.#isToolObjectLiteral(container);
    return false;
  }

  #isToolObjectLiteral(literal: ts.ObjectLiteralExpression): boolean {
    const cached = this.#toolContainers.get(literal);
    if (cached !== undefined) return cached;
    this.#toolContainers.set(literal, false);
    const contextual = this.checker.getContextualType(literal);
    const result = contextual !== undefined && this.#receiverOfType(contextual) === 'tool';
    this.#toolContainers.set(literal, result);
    return result;
  }

  /** The class or interface is Tool/AbstractTool or extends/implements one of them, at any depth. */
  #isToolContainer(declaration: Heritable): boolean {
    const cached = this.#toolContainers.get(declaration);
    if (cached !== undefined) return cached;
    this.#toolContainers.set(declaration, false); // cycle guard
    const result = this.#isToolRoot(declaration) || this.#heritage(declaration).some((type) => this.#isToolType(type));
    this.#toolContainers.set(declaration, result);
    return result;
  }

  #isToolRoot(declaration: Heritable): boolean {
    const name = declaration.name?.text;
    if (name === undefined) return false;
    const file = normalise(declaration.getSourceFile().fileName);
    return this.toolTypes.some((matcher) => matcher.name === name && matcher.file.test(file));
  }

  /** The types a class or interface extends or implements (mixins and generic bases resolved by the checker). */
  #heritage(declaration: Heritable): ts.Type[] {
    const types: ts.Type[] = [];
    for (const clause of declaration.heritageClauses ?? []) {
      for (const node of clause.types) types.push(this.checker.getTypeAtLocation(node));
    }
    return types;
  }

  #isToolType(type: ts.Type): boolean {
    if (type.isUnionOrIntersection()) return type.types.some((part) => this.#isToolType(part));
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declarations = [...(type.getSymbol()?.declarations ?? []), ...(symbol?.declarations ?? [])];
    return declarations.some(
      (declaration) =>
        (ts.isClassLike(declaration) || ts.isInterfaceDeclaration(declaration)) && this.#isToolContainer(declaration),
    );
  }
}

/**
 * How an access `x.execute` / `x['execute']` is used by its parent; `undefined` for the operand of
 * `typeof`, a presence check through which the function can neither be called nor escape.
 */
function accessKind(node: ts.PropertyAccessExpression | ts.ElementAccessExpression): ExecuteUseKind | undefined {
  let child: ts.Node = node;
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isNonNullExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isTypeOfExpression(parent)) return undefined;
  if (ts.isCallExpression(parent) && parent.expression === child) {
    return parent.questionDotToken !== undefined || node.questionDotToken !== undefined ? 'optional-call' : 'call';
  }
  if (ts.isPropertyAccessExpression(parent) && parent.expression === child) {
    const method = FUNCTION_METHODS[parent.name.text];
    if (method !== undefined) return method;
  }
  if (isWriteTarget(child)) return 'write';
  return 'reference';
}

function isWriteTarget(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent) && parent.left === node) {
    const operator = parent.operatorToken.kind;
    return operator >= ts.SyntaxKind.FirstAssignment && operator <= ts.SyntaxKind.LastAssignment;
  }
  if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) {
    return parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken;
  }
  return ts.isDeleteExpression(parent);
}

/** An object or array literal on the left of `=`, in a `for … of/in` head, or nested in such a pattern. */
function isAssignmentPattern(node: ts.Node): boolean {
  if (!ts.isObjectLiteralExpression(node) && !ts.isArrayLiteralExpression(node)) return false;
  let child: ts.Node = node;
  let parent = node.parent;
  while (ts.isParenthesizedExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isBinaryExpression(parent)) {
    return parent.left === child && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
  }
  if (ts.isForOfStatement(parent) || ts.isForInStatement(parent)) return parent.initializer === child;
  if (ts.isPropertyAssignment(parent)) return parent.initializer === child && isAssignmentPattern(parent.parent);
  if (ts.isSpreadElement(parent) || ts.isSpreadAssignment(parent)) return isAssignmentPattern(parent.parent);
  if (ts.isArrayLiteralExpression(parent)) return isAssignmentPattern(parent);
  return false;
}

/**
 * The nearest enclosing named function: a function declaration, a class member (`Class.member`),
 * an object-literal member (`object.member` when the literal is bound to a name), or a function
 * expression / arrow bound to a variable, property or class field. Anonymous callbacks and IIFEs are
 * transparent: a use inside `(async () => …)()` in `invokeTool` belongs to `invokeTool`.
 */
function enclosingFunction(node: ts.Node): string {
  for (let current = node.parent; !ts.isSourceFile(current); current = current.parent) {
    if (ts.isFunctionDeclaration(current)) return current.name?.text ?? 'default';
    if (ts.isClassStaticBlockDeclaration(current)) return `${containerName(current.parent)}.static`;
    if (
      ts.isMethodDeclaration(current) ||
      ts.isConstructorDeclaration(current) ||
      ts.isGetAccessorDeclaration(current) ||
      ts.isSetAccessorDeclaration(current) ||
      ts.isPropertyDeclaration(current)
    ) {
      const member = ts.isConstructorDeclaration(current) ? 'constructor' : memberName(current.name);
      return `${containerName(current.parent)}.${member}`;
    }
    if (ts.isFunctionExpression(current) || ts.isArrowFunction(current)) {
      const bound = boundName(current);
      if (bound !== undefined) return bound;
    }
  }
  return '<module>';
}

/** The name a function expression or arrow is bound to, if any. */
function boundName(fn: ts.FunctionExpression | ts.ArrowFunction): string | undefined {
  let child: ts.Node = fn;
  let parent = fn.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === child && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
    return `${containerName(parent.parent)}.${memberName(parent.name)}`;
  }
  if (ts.isFunctionExpression(fn) && fn.name !== undefined) return fn.name.text;
  return undefined;
}

/** A class's name, an object literal's variable, or a placeholder. */
function containerName(container: ts.Node): string {
  if ((ts.isClassDeclaration(container) || ts.isClassExpression(container)) && container.name !== undefined) {
    return container.name.text;
  }
  let child = container;
  let parent = container.parent;
  while (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent) || ts.isSatisfiesExpression(parent)) {
    child = parent;
    parent = parent.parent;
  }
  if (ts.isVariableDeclaration(parent) && parent.initializer === child && ts.isIdentifier(parent.name)) {
    return parent.name.text;
  }
  return ts.isObjectLiteralExpression(container) ? '<object>' : '<class>';
}

function memberName(name: ts.PropertyName): string {
  if (
    ts.isIdentifier(name) ||
    ts.isPrivateIdentifier(name) ||
    ts.isStringLiteralLike(name) ||
    ts.isNumericLiteral(name)
  ) {
    return name.text;
  }
  return `[${name.getText()}]`;
}
