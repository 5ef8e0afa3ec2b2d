// The editor's toolbar: the block type, text formats, lists, a link, a table, an image, undo
// and redo. Each button says whether it is on (`aria-pressed`) for the text selected.
import { $isLinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode } from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { $findMatchingParent, $getNearestNodeOfType, $insertNodeToNearestRoot, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type LexicalEditor,
  type TextFormatType,
} from "lexical";
import { Suspense, useEffect, useState, type FormEvent, type MouseEvent } from "react";
import { safeLink } from "../../lib/core";
import { LazyImageDialog } from "./lazyImageDialog";
import type { ImageData } from "./image";
import { $createImageNode } from "./ImageNode";
import { useEditorTexts } from "./texts";

type Block = "paragraph" | "h2" | "h3" | "quote" | "bullet" | "number" | "other";

interface State {
  block: Block;
  formats: Record<"bold" | "italic" | "underline" | "strikethrough", boolean>;
  link: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

const INITIAL: State = { block: "paragraph", formats: { bold: false, italic: false, underline: false, strikethrough: false }, link: null, canUndo: false, canRedo: false };

function $readState(): Omit<State, "canUndo" | "canRedo"> | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return null;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === "root" ? anchor : ($findMatchingParent(anchor, (node) => { const parent = node.getParent(); return parent !== null && $isRootOrShadowRoot(parent); }) ?? anchor.getTopLevelElementOrThrow());
  let block: Block = "other";
  if ($isListNode(top)) {
    const list = $getNearestNodeOfType(anchor, ListNode) ?? top;
    block = list.getListType() === "number" ? "number" : "bullet";
  } else if ($isHeadingNode(top)) block = top.getTag() === "h3" ? "h3" : "h2";
  else if ($isQuoteNode(top)) block = "quote";
  else if (top.getType() === "paragraph") block = "paragraph";
  const linkNode = $findMatchingParent(anchor, $isLinkNode);
  return {
    block,
    formats: { bold: selection.hasFormat("bold"), italic: selection.hasFormat("italic"), underline: selection.hasFormat("underline"), strikethrough: selection.hasFormat("strikethrough") },
    link: $isLinkNode(linkNode) ? linkNode.getURL() : null,
  };
}

interface Props {
  /** Inserts a table (loading the table support first, when it is not yet). */
  onTable: (editor: LexicalEditor) => void;
  /** Starts loading the table support before the button is pressed. */
  onTablePreload: () => void;
}

export function Toolbar({ onTable, onTablePreload }: Props) {
  const [editor] = useLexicalComposerContext();
  const tx = useEditorTexts();
  const [state, setState] = useState<State>(INITIAL);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const read = editorState.read(() => $readState(), { editor });
          if (read) setState((s) => ({ ...s, ...read }));
        }),
        editor.registerCommand(CAN_UNDO_COMMAND, (canUndo) => (setState((s) => ({ ...s, canUndo })), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (canRedo) => (setState((s) => ({ ...s, canRedo })), false), COMMAND_PRIORITY_LOW),
      ),
    [editor],
  );

  const setBlock = (block: Block) => {
    if (block === "bullet" || block === "number") {
      editor.dispatchCommand(block === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
      return;
    }
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      $setBlocksType(selection, () => (block === "h2" || block === "h3" ? $createHeadingNode(block) : block === "quote" ? $createQuoteNode() : $createParagraphNode()));
    });
  };
  const format = (name: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, name);
  const insertImage = (data: ImageData) => {
    editor.update(() => {
      $insertNodeToNearestRoot($createImageNode(data));
    });
    setImageOpen(false);
  };
  const formatButton = (name: keyof State["formats"], label: string, glyph: string) => (
    <button type="button" className="ed-tool" onMouseDown={keepFocus} aria-pressed={state.formats[name]} title={label} aria-label={label} onClick={() => format(name)}>
      <span aria-hidden="true">{glyph}</span>
    </button>
  );

  return (
    <div className="ed-toolbar scroll-edges" role="toolbar" aria-label={tx.toolbar}>
      <label className="visually-hidden" htmlFor="ed-block">
        {tx.blockType}
      </label>
      <select id="ed-block" className="ed-block" value={state.block === "other" ? "paragraph" : state.block} onChange={(event) => setBlock(event.target.value as Block)}>
        <option value="paragraph">{tx.paragraph}</option>
        <option value="h2">{tx.h2}</option>
        <option value="h3">{tx.h3}</option>
        <option value="quote">{tx.quote}</option>
        <option value="bullet">{tx.bulletList}</option>
        <option value="number">{tx.numberList}</option>
      </select>
      {formatButton("bold", tx.bold, "B")}
      {formatButton("italic", tx.italic, "I")}
      {formatButton("underline", tx.underline, "U")}
      {formatButton("strikethrough", tx.strike, "S")}
      <button type="button" className="ed-tool" onMouseDown={keepFocus} aria-pressed={state.block === "bullet"} title={tx.bulletList} aria-label={tx.bulletList} onClick={() => setBlock("bullet")}>
        <Icon d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />
      </button>
      <button type="button" className="ed-tool" onMouseDown={keepFocus} aria-pressed={state.block === "number"} title={tx.numberList} aria-label={tx.numberList} onClick={() => setBlock("number")}>
        <Icon d="M10 6h10M10 12h10M10 18h10M4 4.5l1.5-1v5M3.5 8.5h3M3.5 11.5a1.5 1.5 0 0 1 3 .3c0 1-3 2.2-3 3.7h3M3.5 17.5h3l-1.5 1.6a1.4 1.4 0 1 1-1.4 1.9" />
      </button>
      <button type="button" className="ed-tool" onMouseDown={keepFocus} aria-pressed={state.link !== null} aria-expanded={linkOpen} title={state.link ? tx.unlink : tx.link} aria-label={state.link ? tx.unlink : tx.link} onClick={() => (state.link ? editor.dispatchCommand(TOGGLE_LINK_COMMAND, null) : setLinkOpen((open) => !open))}>
        <Icon d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
      </button>
      <button type="button" className="ed-tool" onMouseDown={keepFocus} title={tx.table} aria-label={tx.table} onPointerEnter={onTablePreload} onFocus={onTablePreload} onClick={() => onTable(editor)}>
        <Icon d="M4 5h16v14H4zM4 10h16M4 15h16M10 5v14M15 5v14" />
      </button>
      <button type="button" className="ed-tool" onMouseDown={keepFocus} title={tx.image} aria-label={tx.image} onClick={() => setImageOpen(true)}>
        <Icon d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9.5a1.5 1.5 0 1 0 0-.01" />
      </button>
      <button type="button" className="ed-tool" onMouseDown={keepFocus} disabled={!state.canUndo} title={tx.undo} aria-label={tx.undo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}>
        <Icon d="M9 7L4 12l5 5M4 12h11a5 5 0 0 1 0 10h-2" />
      </button>
      <button type="button" className="ed-tool" onMouseDown={keepFocus} disabled={!state.canRedo} title={tx.redo} aria-label={tx.redo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}>
        <Icon d="M15 7l5 5-5 5M20 12H9a5 5 0 0 0 0 10h2" />
      </button>
      {linkOpen ? <LinkForm onDone={() => setLinkOpen(false)} /> : null}
      {imageOpen ? (
        <Suspense fallback={null}>
          <LazyImageDialog onDone={insertImage} onClose={() => setImageOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A click on a tool leaves the focus (and the caret) in the text; the keyboard reaches the
 * tools with Tab as usual. */
const keepFocus = (event: MouseEvent) => event.preventDefault();

/** A toolbar glyph: one stroked path (no icon font or emoji font is needed). */
function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}

/** The address of a new link for the text selected: only what the core's `safeLink` keeps. */
function LinkForm({ onDone }: { onDone: () => void }) {
  const [editor] = useLexicalComposerContext();
  const tx = useEditorTexts();
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const href = safeLink(value);
    if (!href) return setProblem(tx.linkInvalid);
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, href);
    onDone();
  };
  return (
    <form className="ed-link-form" onSubmit={apply} noValidate>
      <label htmlFor="ed-link-href">{tx.linkAddress}</label>
      <input id="ed-link-href" type="url" inputMode="url" autoComplete="off" autoFocus value={value} aria-invalid={problem ? true : undefined} aria-describedby={problem ? "ed-link-problem" : undefined} onChange={(event) => setValue(event.target.value)} />
      <button type="submit" className="button button-small button-primary">
        {tx.linkApply}
      </button>
      <button type="button" className="button button-small" onClick={onDone}>
        {tx.linkCancel}
      </button>
      {problem ? (
        <p id="ed-link-problem" className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
