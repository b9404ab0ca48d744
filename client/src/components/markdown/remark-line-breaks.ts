// A remark plugin: a single line break inside a paragraph stays a line break (as models mean it, e.g.
// 'Goal Summary' on its own line above its text), instead of markdown's joining of the lines.
// Code blocks and inline code keep their text as it is (they are not text nodes).

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

function splitLines(node: MdNode): void {
  if (!node.children) return;
  const next: MdNode[] = [];
  for (const child of node.children) {
    if (child.type === 'text' && typeof child.value === 'string' && /\r?\n|\r/.test(child.value)) {
      child.value.split(/\r?\n|\r/).forEach((part, index) => {
        if (index > 0) next.push({ type: 'break' });
        if (part !== '') next.push({ type: 'text', value: part });
      });
    } else {
      splitLines(child);
      next.push(child);
    }
  }
  node.children = next;
}

export function remarkLineBreaks() {
  return (tree: MdNode) => splitLines(tree);
}
