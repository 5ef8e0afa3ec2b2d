// The body editor's Lexical extension: rich text (headings, quotes), lists with Word's list
// import, links, tables, history, HTML paste through the DOM import pipeline (with 한글's
// outline and list paragraphs), and the image node with its import rules.
import { $insertGeneratedNodes, ClipboardImportExtension } from "@lexical/clipboard";
import { HistoryExtension } from "@lexical/history";
import { $generateNodesFromDOMViaExtension, contextValue, CoreImportExtension, DOMImportExtension, ImportSource, ImportSourceDataTransfer } from "@lexical/html";
import { LinkExtension } from "@lexical/link";
import { ListExtension, WordListImportExtension } from "@lexical/list";
import { RichTextExtension } from "@lexical/rich-text";
import { TableExtension } from "@lexical/table";
import { $getEditor, configExtension, defineExtension, type EditorThemeClasses } from "lexical";
import { $importBody, IMAGE_IMPORT_RULES } from "./html";
import { $hwpPreprocess } from "./hwpPaste";
import { ImageNode } from "./ImageNode";
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

/** The editor of one body, starting from `initialHtml` (a stored, sanitised body). Make it
 * once per body (useMemo): a new extension is a new editor. */
export function bodyExtension(initialHtml: string, onError: (error: Error) => void) {
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
      configExtension(TableExtension, { hasCellMerge: true, hasCellBackgroundColor: false, hasHorizontalScroll: true }),
      HistoryExtension,
      CoreImportExtension,
      // HTML pastes through the DOM import pipeline (Lexical's ClipboardDOMImportExtension
      // does the same, but parses under a Trusted Types policy of its own for every paste).
      configExtension(ClipboardImportExtension, {
        $importMimeType: {
          "text/html": [
            (html, selection, _next, dataTransfer) => {
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
    $initialEditorState: () => $importBody(initialHtml),
    onError,
  });
}
