// An image of a post's body: an upload of the platform (`/media/…`), its alt text, an
// optional caption, and the coupon flag (PRODUCT "Posts": a coupon image is clickable, its
// link the address the writer gives). A block of its own, written out as a <figure>.
import { $getNodeByKey, DecoratorNode, type EditorConfig, type LexicalEditor, type NodeKey, type SerializedPartial, type SerializedLexicalNode, type Spread } from "lexical";
import type { JSX } from "react";
import type { ImageData } from "./image";
import { ImageView } from "./ImageView";

export type { ImageData } from "./image";

export type SerializedImageNode = Spread<ImageData, SerializedLexicalNode>;

export class ImageNode extends DecoratorNode<JSX.Element> {
  __data: ImageData;

  static getType(): string {
    return "tidemark-image";
  }

  static clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__data, node.__key);
  }

  static importJSON(json: SerializedPartial<SerializedImageNode>): ImageNode {
    return $createImageNode({
      src: json.src ?? "",
      alt: json.alt ?? "",
      caption: json.caption ?? "",
      width: json.width ?? null,
      height: json.height ?? null,
      coupon: json.coupon ?? false,
      href: json.href ?? null,
    });
  }

  constructor(data: ImageData, key?: NodeKey) {
    super(key);
    this.__data = data;
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), ...this.__data };
  }

  getData(): ImageData {
    return this.getLatest().__data;
  }

  setData(data: Partial<ImageData>): this {
    const writable = this.getWritable();
    writable.__data = { ...writable.__data, ...data };
    return writable;
  }

  createDOM(config: EditorConfig): HTMLElement {
    const element = document.createElement("div");
    const theme = config.theme.image as string | undefined;
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

  decorate(editor: LexicalEditor): JSX.Element {
    const key = this.__key;
    const change = (next: Partial<ImageData>) =>
      editor.update(() => {
        const node = $getNodeByKey(key);
        if ($isImageNode(node)) node.setData(next);
      });
    const remove = () => editor.update(() => $getNodeByKey(key)?.remove());
    return <ImageView data={this.__data} onChange={change} onRemove={remove} />;
  }
}

export function $createImageNode(data: ImageData): ImageNode {
  return new ImageNode(data);
}

export function $isImageNode(node: unknown): node is ImageNode {
  return node instanceof ImageNode;
}
