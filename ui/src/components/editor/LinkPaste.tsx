// A link pasted on a line of its own goes in as a link, then: a YouTube, Vimeo or Naver TV
// link becomes a video block (the server knows the providers, and reads its title and
// thumbnail); any other link is offered to become a card (the server reads the page's Open
// Graph tags only then), or to stay a link. A link pasted inside text stays a link, as any
// paste.
import { $createLinkNode } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $createParagraphNode, $createTextNode, $getNodeByKey, $getSelection, $isParagraphNode, $isRangeSelection, COMMAND_PRIORITY_HIGH, PASTE_COMMAND, type LexicalEditor } from "lexical";
import { useEffect, useState } from "react";
import { ApiError } from "../../lib/api";
import { safeLink } from "../../lib/core";
import { embedOf } from "./embed";
import { $createBlockNode } from "./BlockNode";
import type { BlockData } from "./blocks";
import { useEditorTexts } from "./texts";

/** A link pasted on its own line: the paragraph now holding it. */
interface Pasted {
  key: string;
  url: string;
}

/** The pasted text, when it is one web address and nothing else. */
function pastedLink(event: ClipboardEvent | KeyboardEvent | InputEvent): string | null {
  const data = "clipboardData" in event ? event.clipboardData : null;
  const raw = data?.getData("text/plain")?.trim() ?? "";
  if (!raw || /\s/.test(raw)) return null;
  const link = safeLink(raw);
  return link && /^https?:\/\//i.test(link) ? link : null;
}

/** Puts `block` where paragraph `key` is, when it still holds only its link. */
function replaceWith(editor: LexicalEditor, key: string, block: BlockData) {
  editor.update(() => {
    const paragraph = $getNodeByKey(key);
    if (!paragraph) return;
    const node = $createBlockNode(block);
    paragraph.replace(node);
    if (!node.getNextSibling()) node.insertAfter($createParagraphNode());
    node.selectNext();
  });
}

export function LinkPaste() {
  const [editor] = useLexicalComposerContext();
  const tx = useEditorTexts();
  const [offer, setOffer] = useState<Pasted | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const link = pastedLink(event);
          if (!link) return false;
          // Command listeners run inside the editor's update: the nodes change here and now.
          const selection = $getSelection();
          if (!$isRangeSelection(selection) || !selection.isCollapsed()) return false;
          const paragraph = selection.anchor.getNode().getTopLevelElement();
          if (!$isParagraphNode(paragraph) || paragraph.getTextContent().trim() !== "") return false;
          const anchor = $createLinkNode(link);
          anchor.append($createTextNode(link));
          paragraph.clear();
          paragraph.append(anchor);
          anchor.selectEnd();
          const pasted: Pasted = { key: paragraph.getKey(), url: link };
          event.preventDefault();
          const { key, url } = pasted;
          setProblem(null);
          // A video link (the server's providers decide) becomes its block at once; any other
          // is offered as a card, and nothing of its page is read unless the writer asks.
          setBusy(true);
          embedOf(url, true)
            .then((block) => replaceWith(editor, key, block))
            .catch((error: unknown) => {
              if (error instanceof ApiError && error.status === 400) setOffer({ key, url });
              else setProblem(tx.blockFailed);
            })
            .finally(() => setBusy(false));
          return true;
        },
        COMMAND_PRIORITY_HIGH,
      ),
    [editor, tx],
  );

  const asCard = () => {
    if (!offer) return;
    setBusy(true);
    embedOf(offer.url)
      .then((block) => {
        replaceWith(editor, offer.key, block);
        setOffer(null);
      })
      .catch(() => setProblem(tx.embedRefused))
      .finally(() => setBusy(false));
  };

  if (!offer && !busy && !problem) return null;
  return (
    <div className="ed-paste-offer" role="group" aria-label={tx.pastedLink}>
      {busy ? (
        <p role="status">{tx.pasteWorking}</p>
      ) : offer ? (
        <>
          <p>{tx.pastedLink}</p>
          <button type="button" className="button button-small button-primary" onClick={asCard}>
            {tx.pastedAsCard}
          </button>
          <button type="button" className="button button-small" onClick={() => (setOffer(null), editor.focus())}>
            {tx.pastedAsLink}
          </button>
        </>
      ) : null}
      {problem ? (
        <p className="form-problem" role="alert">
          {problem}{" "}
          <button type="button" className="button button-small" onClick={() => (setProblem(null), setOffer(null))}>
            {tx.linkCancel}
          </button>
        </p>
      ) : null}
    </div>
  );
}
