// Picks the prelude entries a snippet module needs: the names it uses but neither imports nor declares.
import ts from 'typescript';
import { PRELUDES, PRELUDES_BY_IMPORT } from './prelude-entries.js';

/** The prelude of one module: its code, and the names it only declares (no value at run time). */
export interface Prelude {
  readonly code: string;
  readonly declaredOnly: readonly string[];
}

/**
 * The prelude entries `code` uses and does not declare itself: those of the modules it imports
 * first, then those of `document`.
 */
export function preludeFor(document: string, code: string): Prelude {
  const source = ts.createSourceFile('snippet.ts', code, ts.ScriptTarget.Latest, true);
  const modules = source.statements
    .filter(ts.isImportDeclaration)
    .map((statement) => (ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : ''));
  const entries: Record<string, string> = {};
  for (const module of modules) Object.assign(entries, PRELUDES_BY_IMPORT[module]);
  for (const [name, entry] of Object.entries(PRELUDES[document] ?? {})) entries[name] ??= entry;
  const declared = topLevelNames(source);
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) used.add(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  const names = Object.keys(entries).filter((name) => used.has(name) && !declared.has(name));
  return {
    code: names.map((name) => entries[name]).join('\n'),
    declaredOnly: names.filter((name) => entries[name]?.startsWith('declare ') === true),
  };
}

/** The names a module's top-level statements bind: imports, variables, functions, classes, types. */
function topLevelNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const bind = (name: ts.BindingName): void => {
    if (ts.isIdentifier(name)) names.add(name.text);
    else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bind(element.name);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.name !== undefined) names.add(clause.name.text);
      const bindings = clause?.namedBindings;
      if (bindings !== undefined && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
      else if (bindings !== undefined) for (const element of bindings.elements) names.add(element.name.text);
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) bind(declaration.name);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name !== undefined
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}
