// A block of the body that is one piece (a divider, a video, a link card, a file, a gallery;
// ./blocks.ts): selected, moved and removed whole, shown as readers will see it.
import { $getNodeByKey, DecoratorNode, type EditorConfig, type LexicalEditor, type NodeKey, type SerializedLexicalNode, type SerializedPartial, type Spread } from "lexical";
import type { JSX } from "react";
import type { BlockData } from "./blocks";
import { BlockView } from "./BlockView";

export type SerializedBlockNode = Spread<{ block: BlockData }, SerializedLexicalNode>;

export class BlockNode extends DecoratorNode<JSX.Element> {
  __block: BlockData;

  static getType(): string {
    return "tidemark-block";
  }

  static clone(node: BlockNode): BlockNode {
    return new BlockNode(node.__block, node.__key);
  }

  static importJSON(json: SerializedPartial<SerializedBlockNode>): BlockNode {
    return $createBlockNode(json.block ?? { kind: "divider", style: "line" });
  }

  constructor(block: BlockData, key?: NodeKey) {
    super(key);
    this.__block = block;
  }

  exportJSON(): SerializedBlockNode {
    return { ...super.exportJSON(), block: this.__block };
  }

  getBlock(): BlockData {
    return this.getLatest().__block;
  }

  setBlock(block: BlockData): this {
    const writable = this.getWritable();
    writable.__block = block;
    return writable;
  }

  createDOM(config: EditorConfig): HTMLElement {
    const element = document.createElement("div");
    const theme = config.theme.block as string | undefined;
    if (theme) element.className = theme;
    return element;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): false {
    return false;
  }

  isKeyboardSelectable(): boolean {
    return true;
  }

  getTextContent(): string {
    const block = this.__block;
    return block.kind === "divider" ? "\n" : "";
  }

  decorate(editor: LexicalEditor): JSX.Element {
    const key = this.__key;
    const change = (next: BlockData) =>
      editor.update(() => {
        const node = $getNodeByKey(key);
        if ($isBlockNode(node)) node.setBlock(next);
      });
    const remove = () => editor.update(() => $getNodeByKey(key)?.remove());
    return <BlockView block={this.__block} onChange={change} onRemove={remove} />;
  }
}

export function $createBlockNode(block: BlockData): BlockNode {
  return new BlockNode(block);
}

export function $isBlockNode(node: unknown): node is BlockNode {
  return node instanceof BlockNode;
}
