// Loading a plugin the way authors build them: CommonJS from `export default [...]`, a class used
// before its declaration, and esbuild output that leaves decorators in place.
import { transformSync } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileLegacy } from './compile-legacy.js';
import { freshProject, type FreshProject } from './fresh-project.js';
import { toolwright } from '@toolwright/test-support/run-toolwright';

let project: FreshProject;

beforeAll(() => {
  project = freshProject('acme-tree');
});
afterAll(() => project.remove());

/** A plugin whose input class uses `TreeNode` before the class is declared, as a newcomer writes it. */
const treeSource = (fieldType: string): string => `
import { GenericTool, Nested, SafetyLevel, ToolParam, Type, type Forward } from '@toolwright/core';

class TreeQuery {
  @ToolParam({ description: 'The tree to search', schema: Nested(() => TreeNode) })
  root!: ${fieldType};
}

class TreeNode {
  @ToolParam({ description: 'The label of the node', schema: Type.String() })
  label!: string;
}

export class TreeTool extends GenericTool<TreeQuery> {
  constructor() {
    super({ name: 'query_tree', description: 'Reads a tree', safety: SafetyLevel.READ_ONLY, input: TreeQuery });
  }
  protected doExecute(input: TreeQuery): string {
    return input.root.label;
  }
  protected render(label: string): string {
    return label;
  }
}
`;

const ECHO_SOURCE = `
import { GenericTool, SafetyLevel, ToolParam, Type } from '@toolwright/core';

class EchoInput {
  @ToolParam({ description: 'What to say back', schema: Type.String() })
  text!: string;
}

export class EchoTool extends GenericTool<EchoInput> {
  constructor() {
    super({ name: 'echo', description: 'Says the text back', safety: SafetyLevel.READ_ONLY, input: EchoInput });
  }
  protected doExecute(input: EchoInput): string {
    return input.text;
  }
  protected render(text: string): string {
    return text;
  }
}
`;

describe('loading a plugin as authors build it', () => {
  it("CL-2/CL-4: a CommonJS plugin's exports.default array (tsc or esbuild output of export default [...]) is found", () => {
    const plugin = project.addPlugin('notes-plugin.cjs');
    expect(toolwright(['check', plugin], project.root)).toEqual({
      status: 0,
      stdout: '1 tool checked, no problems.\n',
      stderr: '',
    });
    expect(toolwright(['call', plugin, 'echo', '{"text":"hello"}'], project.root)).toEqual({
      status: 0,
      stdout: 'hello\n',
      stderr: '',
    });
  });

  it('TC-7: a class used before its declaration is answered with Forward<TreeNode> or moving the class up', () => {
    const plugin = project.write('dist/early.mjs', compileLegacy(treeSource('TreeNode')));
    expect(toolwright(['check', plugin], project.root)).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright check: cannot load ${plugin}: Cannot access 'TreeNode' before initialization. A field is typed with the class TreeNode before its declaration (decorator metadata reads the type when the class above is defined): type the field Forward<TreeNode> (from @toolwright/core), or move the class TreeNode above the class that uses it\n`,
    });
    const fixed = project.write('dist/forward.mjs', compileLegacy(treeSource('Forward<TreeNode>')));
    expect(toolwright(['call', fixed, 'query_tree', '{"root":{"label":"top"}}'], project.root)).toEqual({
      status: 0,
      stdout: 'top\n',
      stderr: '',
    });
  });

  it('AU-1: esbuild output with native @ decorators (a SyntaxError on Node 20) gets the hint, and the hint works', () => {
    const native = transformSync(ECHO_SOURCE, { loader: 'ts', format: 'esm', target: 'esnext', tsconfigRaw: {} });
    const plugin = project.write('dist/native.mjs', native.code);
    expect(toolwright(['check', plugin], project.root)).toEqual({
      status: 2,
      stdout: '',
      stderr: `toolwright check: cannot load ${plugin}: Invalid or unexpected token; if the module was built with decorators (@ToolParam) left in place, compile them away: with TypeScript (tsc), or with esbuild --target=node20, which transform them (Vite keeps standard decorators in place for Node 20: set experimentalDecorators in the tsconfig it reads)\n`,
    });
    const lowered = transformSync(ECHO_SOURCE, { loader: 'ts', format: 'esm', target: 'node20', tsconfigRaw: {} });
    const fixed = project.write('dist/lowered.mjs', lowered.code);
    expect(toolwright(['call', fixed, 'echo', '{"text":"hi"}'], project.root)).toEqual({
      status: 0,
      stdout: 'hi\n',
      stderr: '',
    });
  });
});
