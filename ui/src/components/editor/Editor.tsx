// The body editor (Lexical): the toolbar over the editing surface, the stored body in, the
// body to store out on every change. The value is never written back while the writer
// types: Lexical owns the surface, so an input method's composition is never disturbed.
import { LexicalExtensionComposer } from "@lexical/react/LexicalExtensionComposer";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { useEffect, useMemo, useRef } from "react";
import "./editor.css";
import { bodyExtension } from "./extension";
import { $bodyHtml } from "./html";
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

export function Editor({ initialHtml, onChange, id, labelledBy }: Props) {
  const tx = useEditorTexts();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- one editor per mount: initialHtml is where it starts, not a value it follows
  const extension = useMemo(() => bodyExtension(initialHtml, reportError), []);
  return (
    <div className="ed">
      <LexicalExtensionComposer
        extension={extension}
        contentEditable={null}
      >
        <Toolbar />
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
        <ChangeListener onChange={onChange} />
      </LexicalExtensionComposer>
    </div>
  );
}

function reportError(error: Error) {
  console.error(error);
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
