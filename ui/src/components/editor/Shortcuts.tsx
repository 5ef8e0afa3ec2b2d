// Markdown shortcuts at the start of a line: `## ` and `### ` (headings), `- ` or `* `
// (a bulleted list), `1. ` (a numbered list), `> ` (a quote), three backticks (a code block)
// and `---` (a divider). Nothing else of Markdown: a `*` in Korean text stays a `*`.
import { CODE, HEADING, ORDERED_LIST, QUOTE, UNORDERED_LIST, type ElementTransformer, type Transformer } from "@lexical/markdown";
import { MarkdownShortcutPlugin } from "@lexical/react/LexicalMarkdownShortcutPlugin";
import { $createBlockNode, $isBlockNode, BlockNode } from "./BlockNode";

/** `---` (or `***`, `___`) then a space: a divider, the caret on the line after it. */
export const DIVIDER: ElementTransformer = {
  dependencies: [BlockNode],
  export: (node) => ($isBlockNode(node) && node.getBlock().kind === "divider" ? "---" : null),
  regExp: /^(---|\*\*\*|___)\s?$/,
  replace: (parent, _children, _match, isImport) => {
    const divider = $createBlockNode({ kind: "divider", style: "line" });
    if (isImport || parent.getNextSibling() !== null) parent.replace(divider);
    else parent.insertBefore(divider);
    divider.selectNext();
  },
  type: "element",
};

export const SHORTCUTS: Transformer[] = [HEADING, QUOTE, UNORDERED_LIST, ORDERED_LIST, CODE, DIVIDER];

export function Shortcuts() {
  return <MarkdownShortcutPlugin transformers={SHORTCUTS} />;
}
