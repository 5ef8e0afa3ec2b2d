// The body editor (Lexical): the toolbar over the editing surface, the stored body in, the
// body to store out on every change. The value is never written back while the writer
// types: Lexical owns the surface, so an input method's composition is never disturbed.
//
// Tables load on demand (./lazyTables.ts). A body that has one waits for them before its
// editor starts; otherwise the first table inserted or pasted loads them, and the editor is
// made again with them, from the same state (text, caret, undo history), before the table
// goes in.
import { $insertGeneratedNodes } from "@lexical/clipboard";
import { createEmptyHistoryState } from "@lexical/history";
import { $generateNodesFromDOMViaExtension, contextValue, ImportSource } from "@lexical/html";
import { LexicalExtensionComposer } from "@lexical/react/LexicalExtensionComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { $getSelection, type EditorState, type LexicalEditor } from "lexical";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import "./editor.css";
import { bodyExtension } from "./extension";
import { $bodyHtml } from "./html";
import { hasTable, loadTables, type Tables } from "./lazyTables";
import { parseHtml } from "./markup";
import { useEditorTexts } from "./texts";
import { Toolbar } from "./Toolbar";

interface Props {
  /** The body to start from; a new value does not reset the editor (give it a new `key`). */
  initialHtml: string;
  /** The body as it will be stored, after every change of it. */
  onChange: (html: string) => void;
  /** An id for the editing surface, so a label elsewhere can name it. */
  id?: string;
  labelledBy?: string;
}

/** Where one editor starts: a stored body or the state of the editor it replaces, with the
 * tables or without, and what to do once it runs. */
interface Start {
  from: string | EditorState;
  tables: Tables | null;
  then?: (editor: LexicalEditor) => void;
}

export function Editor({ initialHtml, onChange, id, labelledBy }: Props) {
  const tx = useEditorTexts();
  // One editor per mount: initialHtml is where it starts, not a value it follows.
  const [start, setStart] = useState<Start | null>(() => (hasTable(initialHtml) ? null : { from: initialHtml, tables: null }));
  const [history] = useState(createEmptyHistoryState);
  const [problem, setProblem] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // A body with a table: the table support first.
  useEffect(() => {
    if (start) return;
    let live = true;
    loadTables().then(
      (tables) => live && setStart({ from: initialHtml, tables }),
      () => live && setProblem(true),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs until the start is known; `attempt` tries again
  }, [attempt]);

  /** Loads the tables, then makes the editor again from `editor`'s state and runs `then`. */
  const withTables = useCallback(
    (editor: LexicalEditor, then: (next: LexicalEditor, tables: Tables) => void) => {
      setProblem(false);
      loadTables().then(
        async (tables) => {
          // A composition in progress ends in the editor that has it before its state moves.
          if (editor.isComposing()) {
            editor.blur();
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          setStart({ from: editor.getEditorState(), tables, then: (next) => then(next, tables) });
        },
        () => {
          setProblem(true);
        },
      );
    },
    [],
  );
  const loaded = start?.tables;
  const onTable = useCallback((editor: LexicalEditor) => (loaded ? loaded.insertTable(editor) : withTables(editor, (next, tables) => tables.insertTable(next))), [loaded, withTables]);

  const extension = useMemo(
    () =>
      start &&
      bodyExtension({
        start: start.from,
        tables: start.tables,
        history,
        onError: reportError,
        onTablePaste: (html, editor) => withTables(editor, (next) => pasteHtml(next, html)),
      }),
    [start, history, withTables],
  );

  if (!extension) {
    return (
      <div className="ed">
        {problem ? <LoadProblem onRetry={() => (setProblem(false), setAttempt((n) => n + 1))} /> : <div className="ed-loading" aria-busy="true" />}
      </div>
    );
  }
  return (
    <div className="ed">
      <LexicalExtensionComposer key={start?.tables ? "tables" : "plain"} extension={extension} contentEditable={null}>
        <Toolbar onTable={onTable} onTablePreload={preloadTables} />
        {problem ? <LoadProblem /> : null}
        <div className="ed-surface">
          <ContentEditable
            id={id}
            className="ed-content post-body-content"
            aria-labelledby={labelledBy}
            aria-label={labelledBy ? undefined : tx.body}
            aria-multiline
            aria-placeholder={tx.placeholder}
            placeholder={<p className="ed-placeholder">{tx.placeholder}</p>}
          />
        </div>
        <Started then={start?.then} />
        <ChangeListener onChange={onChange} />
      </LexicalExtensionComposer>
    </div>
  );
}

function reportError(error: Error) {
  console.error(error);
}

function preloadTables() {
  loadTables().catch(() => undefined);
}

/** HTML pasted again into the editor that now has tables, at its caret. */
function pasteHtml(editor: LexicalEditor, html: string) {
  editor.update(() => {
    const selection = $getSelection();
    if (!selection) return;
    const nodes = $generateNodesFromDOMViaExtension(parseHtml(html), { context: [contextValue(ImportSource, "paste")] });
    $insertGeneratedNodes(editor, nodes, selection);
  });
}

/** An editor made again takes the focus back and runs what it was made for, once. */
function Started({ then }: { then?: (editor: LexicalEditor) => void }) {
  const [editor] = useLexicalComposerContext();
  const ran = useRef<unknown>(null);
  useEffect(() => {
    if (!then || ran.current === then) return;
    ran.current = then;
    editor.focus(() => then(editor));
  }, [editor, then]);
  return null;
}

/** The table support did not load: the body is left as it is, and the writer can try again. */
function LoadProblem({ onRetry }: { onRetry?: () => void }) {
  const tx = useEditorTexts();
  return (
    <p className="form-problem ed-problem" role="alert">
      {tx.tablesFailed}{" "}
      {onRetry ? (
        <button type="button" className="button button-small" onClick={onRetry}>
          {tx.retry}
        </button>
      ) : null}
    </p>
  );
}

/** Calls `onChange` with the body whenever its content changes (not for a selection move). */
function ChangeListener({ onChange }: { onChange: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);
  useEffect(() => {
    let last = editor.read(() => $bodyHtml());
    return editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return;
      const html = editor.read(() => $bodyHtml());
      if (html === last) return;
      last = html;
      latest.current(html);
    });
  }, [editor]);
  return null;
}
