// The editor's own commands: what the insert menu, the toolbar and a pasted link ask of the
// parts that hold the dialogs and the table support.
import { createCommand, type LexicalCommand } from "lexical";
import type { BlockAsk } from "./BlockDialog";

/** Opens the image form to insert an image. */
export const ASK_IMAGE: LexicalCommand<void> = createCommand("tidemark/ask-image");
/** Opens a block's form (a video, a link card, a file, a gallery). */
export const ASK_BLOCK: LexicalCommand<BlockAsk> = createCommand("tidemark/ask-block");
/** Inserts a table (loading the table support first when it is not yet). */
export const ASK_TABLE: LexicalCommand<void> = createCommand("tidemark/ask-table");
