// A callout: a short text set apart in a colour with an icon (the core's `blockChoices`:
// `calloutColours`, `calloutIcons`). Its text is inline, as a quote's is; Enter at its end
// goes on in a paragraph after it, Backspace at its start makes it a paragraph again.
import {
  $applyNodeReplacement,
  $createParagraphNode,
  ElementNode,
  type EditorConfig,
  type LexicalNode,
  type NodeKey,
  type ParagraphNode,
  type RangeSelection,
  type SerializedElementNode,
  type Spread,
} from "lexical";

export type SerializedCalloutNode = Spread<{ colour: string; icon: string }, SerializedElementNode>;

/** The classes of a callout of `colour` and `icon`, as the stored body writes them. */
export function calloutClasses(colour: string, icon: string): string {
  return `callout callout-${colour} callout-${icon}`;
}

export class CalloutNode extends ElementNode {
  __colour: string;
  __icon: string;

  static getType(): string {
    return "tidemark-callout";
  }

  static clone(node: CalloutNode): CalloutNode {
    return new CalloutNode(node.__colour, node.__icon, node.__key);
  }

  static importJSON(json: SerializedCalloutNode): CalloutNode {
    return $createCalloutNode(json.colour, json.icon).updateFromJSON(json);
  }

  constructor(colour = "blue", icon = "bulb", key?: NodeKey) {
    super(key);
    this.__colour = colour;
    this.__icon = icon;
  }

  exportJSON(): SerializedCalloutNode {
    return { ...super.exportJSON(), colour: this.getColour(), icon: this.getIcon() };
  }

  getColour(): string {
    return this.getLatest().__colour;
  }

  getIcon(): string {
    return this.getLatest().__icon;
  }

  setLook(colour: string, icon: string): this {
    const writable = this.getWritable();
    writable.__colour = colour;
    writable.__icon = icon;
    return writable;
  }

  createDOM(config: EditorConfig): HTMLElement {
    const element = document.createElement("div");
    const theme = config.theme.callout as string | undefined;
    element.className = `${calloutClasses(this.__colour, this.__icon)}${theme ? ` ${theme}` : ""}`;
    return element;
  }

  updateDOM(previous: CalloutNode, element: HTMLElement, config: EditorConfig): boolean {
    if (previous.__colour !== this.__colour || previous.__icon !== this.__icon) {
      const theme = config.theme.callout as string | undefined;
      element.className = `${calloutClasses(this.__colour, this.__icon)}${theme ? ` ${theme}` : ""}`;
    }
    return false;
  }

  insertNewAfter(_selection: RangeSelection, restoreSelection = true): ParagraphNode {
    const paragraph = $createParagraphNode();
    this.insertAfter(paragraph, restoreSelection);
    return paragraph;
  }

  collapseAtStart(): true {
    const paragraph = $createParagraphNode();
    this.getChildren().forEach((child) => paragraph.append(child));
    this.replace(paragraph);
    return true;
  }
}

export function $createCalloutNode(colour = "blue", icon = "bulb"): CalloutNode {
  return $applyNodeReplacement(new CalloutNode(colour, icon));
}

export function $isCalloutNode(node: LexicalNode | null | undefined): node is CalloutNode {
  return node instanceof CalloutNode;
}
