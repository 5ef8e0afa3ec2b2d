// The editor's own commands: what the insert menu, the toolbar and a pasted link ask of the
// parts that hold the dialogs and the table support.
import { $insertNodeToNearestRoot } from "@lexical/utils";
import { $createParagraphNode, $getSelection, $isParagraphNode, $isRangeSelection, $isTextNode, createCommand, type LexicalCommand, type LexicalNode } from "lexical";
import type { BlockAsk } from "./BlockDialog";

/** Opens the image form to insert an image. */
export const ASK_IMAGE: LexicalCommand<void> = createCommand("tidemark/ask-image");
/** Opens a block's form (a video, a link card, a file, a gallery). */
export const ASK_BLOCK: LexicalCommand<BlockAsk> = createCommand("tidemark/ask-block");
/** Inserts a table (loading the table support first when it is not yet). */
export const ASK_TABLE: LexicalCommand<void> = createCommand("tidemark/ask-table");

/** Puts a block where the caret is: in place of the empty line it is on (a block chosen from
 * an empty line takes that line), else after the caret's block; the caret then goes to the
 * line after it (made when there is none). */
export function $insertBlock<T extends LexicalNode>(node: T): T {
  const selection = $getSelection();
  if ($isRangeSelection(selection) && selection.isCollapsed()) {
    const line = selection.anchor.getNode().getTopLevelElement();
    // An empty line may still hold empty text nodes (a slash and a query removed from it).
    if ($isParagraphNode(line) && line.getTextContent() === "" && line.getChildren().every($isTextNode)) {
      line.replace(node);
      if (!node.getNextSibling()) node.insertAfter($createParagraphNode());
      node.selectNext();
      return node;
    }
  }
  const inserted = $insertNodeToNearestRoot(node);
  inserted.selectNext();
  return inserted;
}
