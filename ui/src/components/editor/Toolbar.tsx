// The editor's toolbar: the block type, text formats, lists, a link, a table, an image, the
// other blocks (the insert menu's list), undo and redo; in a code block its language, in a
// callout its colour and icon. Each button says whether it is on (`aria-pressed`) for the
// text selected. It holds the image and block forms the insert menu asks for.
import { $isCodeNode } from "@lexical/code";
import { $isLinkNode, TOGGLE_LINK_COMMAND } from "@lexical/link";
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListNode } from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { $findMatchingParent, $getNearestNodeOfType, mergeRegister } from "@lexical/utils";
import {
  $createParagraphNode,
  $getNodeByKey,
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
import { Suspense, lazy, useEffect, useState, type FormEvent, type MouseEvent } from "react";
import { safeLink } from "../../lib/core";
import { blockChoices } from "./choices";
import { useI18n } from "../../lib/i18n";
import type { BlockAsk } from "./BlockDialog";
import { $createBlockNode } from "./BlockNode";
import { $isCalloutNode } from "./CalloutNode";
import { $insertBlock, ASK_BLOCK, ASK_IMAGE, ASK_TABLE } from "./commands";
import { ENTRIES } from "./entries";
import { LazyImageDialog } from "./lazyImageDialog";
import type { ImageData } from "./image";
import { $createImageNode } from "./ImageNode";
import { useEditorTexts } from "./texts";

const LazyBlockDialog = lazy(() => import("./BlockDialog").then((module) => ({ default: module.BlockDialog })));

type Block = "paragraph" | "h2" | "h3" | "quote" | "bullet" | "number" | "other";

interface State {
  block: Block;
  /** The caret's code block: its key and language. */
  code: { key: string; language: string } | null;
  /** The caret's callout: its key, colour and icon. */
  callout: { key: string; colour: string; icon: string } | null;
  formats: Record<"bold" | "italic" | "underline" | "strikethrough", boolean>;
  link: string | null;
  canUndo: boolean;
  canRedo: boolean;
}

const INITIAL: State = { block: "paragraph", code: null, callout: null, formats: { bold: false, italic: false, underline: false, strikethrough: false }, link: null, canUndo: false, canRedo: false };

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
    code: $isCodeNode(top) ? { key: top.getKey(), language: top.getLanguage() ?? "plain" } : null,
    callout: $isCalloutNode(top) ? { key: top.getKey(), colour: top.getColour(), icon: top.getIcon() } : null,
    formats: { bold: selection.hasFormat("bold"), italic: selection.hasFormat("italic"), underline: selection.hasFormat("underline"), strikethrough: selection.hasFormat("strikethrough") },
    link: $isLinkNode(linkNode) ? linkNode.getURL() : null,
  };
}

interface Props {
  /** Starts loading the table support before the button is pressed. */
  onTablePreload: () => void;
}

export function Toolbar({ onTablePreload }: Props) {
  const [editor] = useLexicalComposerContext();
  const tx = useEditorTexts();
  const { lang } = useI18n();
  const [state, setState] = useState<State>(INITIAL);
  const [linkOpen, setLinkOpen] = useState(false);
  const [imageOpen, setImageOpen] = useState(false);
  const [blockAsk, setBlockAsk] = useState<BlockAsk | null>(null);
  const choices = blockChoices();

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          const read = editorState.read(() => $readState(), { editor });
          if (read) setState((s) => ({ ...s, ...read }));
        }),
        editor.registerCommand(CAN_UNDO_COMMAND, (canUndo) => (setState((s) => ({ ...s, canUndo })), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (canRedo) => (setState((s) => ({ ...s, canRedo })), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(ASK_IMAGE, () => (setImageOpen(true), true), COMMAND_PRIORITY_LOW),
        editor.registerCommand(ASK_BLOCK, (ask) => (setBlockAsk(ask), true), COMMAND_PRIORITY_LOW),
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
    setImageOpen(false);
    editor.update(() => {
      $insertBlock($createImageNode(data));
    });
    refocus(editor);
  };
  const insertBlock = (block: Parameters<typeof $createBlockNode>[0]) => {
    setBlockAsk(null);
    // The writer goes on typing after the block.
    editor.update(() => {
      $insertBlock($createBlockNode(block));
    });
    refocus(editor);
  };
  const setCode = (language: string) =>
    editor.update(() => {
      const node = state.code ? $getNodeByKey(state.code.key) : null;
      if ($isCodeNode(node)) node.setLanguage(language);
    });
  const setCallout = (colour: string, icon: string) =>
    editor.update(() => {
      const node = state.callout ? $getNodeByKey(state.callout.key) : null;
      if ($isCalloutNode(node)) node.setLook(colour, icon);
    });
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
      <button type="button" className="ed-tool" onMouseDown={keepFocus} title={tx.table} aria-label={tx.table} onPointerEnter={onTablePreload} onFocus={onTablePreload} onClick={() => editor.dispatchCommand(ASK_TABLE, undefined)}>
        <Icon d="M4 5h16v14H4zM4 10h16M4 15h16M10 5v14M15 5v14" />
      </button>
      <button type="button" className="ed-tool" onMouseDown={keepFocus} title={tx.image} aria-label={tx.image} onClick={() => setImageOpen(true)}>
        <Icon d="M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9.5a1.5 1.5 0 1 0 0-.01" />
      </button>
      <label className="visually-hidden" htmlFor="ed-insert">
        {tx.insertMenu}
      </label>
      <select
        id="ed-insert"
        className="ed-block ed-insert"
        value=""
        onChange={(event) => {
          const entry = ENTRIES.find((candidate) => candidate.key === event.target.value);
          if (entry) entry.run(editor);
        }}
      >
        <option value="">＋ {tx.insertMenu}</option>
        {ENTRIES.filter((entry) => !["h2", "h3", "quote", "bullet", "number", "image", "table"].includes(entry.key)).map((entry) => (
          <option key={entry.key} value={entry.key}>
            {lang === "ko" ? entry.ko : entry.en}
          </option>
        ))}
      </select>
      {state.code ? (
        <>
          <label className="visually-hidden" htmlFor="ed-code-language">
            {tx.codeLanguage}
          </label>
          <select id="ed-code-language" className="ed-block" value={state.code.language} onChange={(event) => setCode(event.target.value)}>
            {choices.codeLanguages.map((choice) => (
              <option key={choice.word} value={choice.word}>
                {choice.word === "plain" ? tx.codePlain : choice.shown}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {state.callout ? (
        <>
          <label className="visually-hidden" htmlFor="ed-callout-colour">
            {tx.calloutColour}
          </label>
          <select id="ed-callout-colour" className="ed-block" value={state.callout.colour} onChange={(event) => state.callout && setCallout(event.target.value, state.callout.icon)}>
            {choices.calloutColours.map((choice) => (
              <option key={choice.word} value={choice.word}>
                {colourName(tx, choice.word)}
              </option>
            ))}
          </select>
          <label className="visually-hidden" htmlFor="ed-callout-icon">
            {tx.calloutIcon}
          </label>
          <select id="ed-callout-icon" className="ed-block" value={state.callout.icon} onChange={(event) => state.callout && setCallout(state.callout.colour, event.target.value)}>
            {choices.calloutIcons.map((choice) => (
              <option key={choice.word} value={choice.word}>
                {choice.shown}
              </option>
            ))}
          </select>
        </>
      ) : null}
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
      {blockAsk ? (
        <Suspense fallback={null}>
          <LazyBlockDialog ask={blockAsk} onDone={insertBlock} onClose={() => setBlockAsk(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/** The caret back in the text once a form's dialog has gone (its removal leaves the focus
 * nowhere), where the inserted block left it. */
function refocus(editor: LexicalEditor) {
  requestAnimationFrame(() => editor.focus());
}

/** A callout colour's name in the page's language. */
function colourName(tx: ReturnType<typeof useEditorTexts>, word: string): string {
  return { gray: tx.colourGray, blue: tx.colourBlue, green: tx.colourGreen, yellow: tx.colourYellow, red: tx.colourRed }[word] ?? word;
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
