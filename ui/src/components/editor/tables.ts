// Tables in the body editor, loaded when a body first needs them (./lazyTables.ts): Lexical's
// table extension with its nodes, their import rules and cell selection, and the command
// that inserts one. A body without a table never loads it.
import { INSERT_TABLE_COMMAND, TableExtension } from "@lexical/table";
import { configExtension, type LexicalEditor } from "lexical";

export const tableExtension = configExtension(TableExtension, { hasCellMerge: true, hasCellBackgroundColor: false, hasHorizontalScroll: true });

/** A new 3 × 3 table at the caret, its first row headings. */
export function insertTable(editor: LexicalEditor): void {
  editor.dispatchCommand(INSERT_TABLE_COMMAND, { rows: "3", columns: "3", includeHeaders: { rows: true, columns: false } });
}
