// The body editor's Lexical extension: rich text (headings, quotes), lists with Word's list
// import, links, history, HTML paste through the DOM import pipeline (with 한글's outline and
// list paragraphs), the image node with its import rules, and tables once they are loaded
// (./lazyTables.ts): until then a paste that holds a table asks for them and waits.
import { $insertGeneratedNodes, ClipboardImportExtension } from "@lexical/clipboard";
import { HistoryExtension, type HistoryState } from "@lexical/history";
import { $generateNodesFromDOMViaExtension, contextValue, CoreImportExtension, DOMImportExtension, ImportSource, ImportSourceDataTransfer } from "@lexical/html";
import { LinkExtension } from "@lexical/link";
import { ListExtension, WordListImportExtension } from "@lexical/list";
import { RichTextExtension } from "@lexical/rich-text";
import { $getEditor, configExtension, defineExtension, type AnyLexicalExtensionArgument, type EditorState, type EditorThemeClasses, type LexicalEditor } from "lexical";
import { $importBody, IMAGE_IMPORT_RULES } from "./html";
import { $hwpPreprocess } from "./hwpPaste";
import { ImageNode } from "./ImageNode";
import { hasTable, hasTableNode, type Tables } from "./lazyTables";
import { parseHtml } from "./markup";

/** Class names of the editing surface (editor.css); never part of the stored body. */
const THEME: EditorThemeClasses = {
  paragraph: "ed-p",
  heading: { h2: "ed-h2", h3: "ed-h3", h4: "ed-h4" },
  quote: "ed-quote",
  list: { ul: "ed-ul", ol: "ed-ol", listitem: "ed-li", nested: { listitem: "ed-li-nested" } },
  link: "ed-link",
  table: "ed-table",
  tableCell: "ed-cell",
  tableCellHeader: "ed-cell-head",
  tableScrollableWrapper: "ed-table-scroll",
  image: "ed-image",
  text: { bold: "ed-bold", italic: "ed-italic", underline: "ed-underline", strikethrough: "ed-strike", underlineStrikethrough: "ed-underline ed-strike", code: "ed-code" },
};

export interface BodyOptions {
  /** A stored, sanitised body, or the state of the editor this one replaces. */
  start: string | EditorState;
  onError: (error: Error) => void;
  /** The table support, when loaded. */
  tables?: Tables | null;
  /** The undo history, carried over from the editor this one replaces. */
  history?: HistoryState;
  /** Without tables: a paste that holds one is handed here, to be pasted again once they
   * are loaded. */
  onTablePaste?: (html: string, editor: LexicalEditor) => void;
}

/** The editor of one body. Make it once per body (useMemo): a new extension is a new editor. */
export function bodyExtension({ start, onError, tables = null, history, onTablePaste }: BodyOptions) {
  const tableDependencies: AnyLexicalExtensionArgument[] = tables ? [tables.tableExtension] : [];
  return defineExtension({
    name: "tidemark/body",
    namespace: "tidemark-body",
    theme: THEME,
    nodes: [ImageNode],
    dependencies: [
      RichTextExtension,
      ListExtension,
      WordListImportExtension,
      LinkExtension,
      ...tableDependencies,
      history ? configExtension(HistoryExtension, { createInitialHistoryState: (editor) => carried(history, editor) }) : HistoryExtension,
      CoreImportExtension,
      // HTML pastes through the DOM import pipeline (Lexical's ClipboardDOMImportExtension
      // does the same, but parses under a Trusted Types policy of its own for every paste).
      configExtension(ClipboardImportExtension, {
        $importMimeType: {
          // A copy from another editor with a table: its HTML (below) brings the tables in.
          "application/x-lexical-editor": [(json, _selection, next) => (!tables && hasTableNode(json) ? false : next())],
          "text/html": [
            (html, selection, _next, dataTransfer) => {
              if (!tables && hasTable(html) && onTablePaste) {
                onTablePaste(html, $getEditor());
                return true;
              }
              const nodes = $generateNodesFromDOMViaExtension(parseHtml(html), {
                context: [contextValue(ImportSource, "paste"), contextValue(ImportSourceDataTransfer, dataTransfer)],
              });
              $insertGeneratedNodes($getEditor(), nodes, selection);
              return true;
            },
          ],
        },
      }),
      configExtension(DOMImportExtension, { rules: IMAGE_IMPORT_RULES, preprocess: [$hwpPreprocess] }),
    ],
    $initialEditorState: typeof start === "string" ? () => $importBody(start) : start,
    onError,
  });
}

/** An undo history taken over by a new editor: its steps now restore into that editor. */
function carried(history: HistoryState, editor: LexicalEditor): HistoryState {
  for (const entry of [...history.undoStack, ...history.redoStack, history.current]) if (entry) entry.editor = editor;
  return history;
}
