// Walking the parser's tree (SPEC RU-2): every node, with an explicit stack, so no line nests deep
// enough to overflow the call stack.
import { forEachChild } from 'unbash';
import type { SyntaxNode } from 'unbash';

/** Nodes deeper than this are refused: every walk here uses its own stack, but a bound keeps work finite. */
const MAX_NODES = 20_000;

/** Every node, children after their parent, in source order, with an explicit stack. */
export function* walk(root: SyntaxNode): Generator<SyntaxNode> {
  const stack: SyntaxNode[] = [root];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (++count > MAX_NODES) throw new RangeError('too many nodes');
    yield node;
    const children: SyntaxNode[] = [];
    forEachChild(node, (child) => children.push(child));
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
}
