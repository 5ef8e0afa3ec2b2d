// The post's revisions, newest first: one opened beside what is being edited (title,
// summary, tags and body side by side), and restored on request.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { createPortal } from "react-dom";
import { ConsoleCard } from "../../components/console";
import { BodyView, useModalDialog } from "../../components/editor";
import { FormAlert, useFailureMessage } from "../../components/form";
import { formatDate } from "../../lib/core";
import { revisionQuery, revisionsQuery, useRestoreRevision, type Revision } from "./api";
import type { Draft } from "./draft";
import { fill, useWritingTexts } from "./texts";

export function Revisions({ postId, current, onRestored }: { postId: number; current: Draft; onRestored: () => void }) {
  const tx = useWritingTexts();
  const list = useQuery(revisionsQuery(postId));
  const [open, setOpen] = useState<number | null>(null);
  const items = list.data?.items ?? [];
  return (
    <ConsoleCard title={tx.revisions} id="writer-revisions">
      <p className="console-muted console-small">{tx.revisionsLead}</p>
      {items.length === 0 ? (
        <p className="console-muted console-small">{tx.revisionsEmpty}</p>
      ) : (
        <ul className="writer-list">
          {items.map((item) => (
            <li key={item.revisionId}>
              <span>
                {fill(tx.revisionBy, { time: formatDate(item.createdAt, "MM-dd HH:mm:ss"), name: item.authorNickname ?? tx.revisionUnknown })}
                <br />
                <span className="console-muted console-small">{item.title || "—"}</span>
              </span>
              <button type="button" className="button button-small" aria-expanded={open === item.revisionId} onClick={() => setOpen(open === item.revisionId ? null : item.revisionId)}>
                {open === item.revisionId ? tx.revisionClose : tx.revisionCompare}
              </button>
            </li>
          ))}
        </ul>
      )}
      {open !== null ? <Compare postId={postId} revisionId={open} current={current} onRestored={onRestored} onClose={() => setOpen(null)} /> : null}
    </ConsoleCard>
  );
}

/** The revision beside the post as it is now, in a modal dialog wide enough for both. */
function Compare({ postId, revisionId, current, onRestored, onClose }: { postId: number; revisionId: number; current: Draft; onRestored: () => void; onClose: () => void }) {
  const tx = useWritingTexts();
  const dialog = useModalDialog();
  const failure = useFailureMessage();
  const revision = useQuery(revisionQuery(postId, revisionId));
  const restoring = useRestoreRevision(postId);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const then = revision.data;
  const restore = async () => {
    if (!window.confirm(tx.revisionConfirm)) return;
    setBusy(true);
    try {
      await restoring.mutateAsync(revisionId);
      onRestored();
    } catch (error) {
      setProblem(failure(error, (e) => (e.status === 400 ? e.message : undefined)));
      setBusy(false);
    }
  };
  return createPortal(
    <dialog ref={dialog} className="ed-dialog writer-compare" aria-labelledby="writer-compare-title" onClose={onClose} onCancel={onClose}>
      <h2 id="writer-compare-title">{tx.revisions}</h2>
      {then ? (
        <div className="writer-compare-sides">
          <Side heading={fill(tx.revisionThen, { time: formatDate(then.createdAt, "yyyy-MM-dd HH:mm:ss") })} revision={then} />
          <Side heading={tx.revisionNow} revision={{ title: current.title, summary: current.summary, body: current.bodyHtml, tags: current.tags }} />
        </div>
      ) : (
        <p className="console-muted">{tx.loading}</p>
      )}
      <FormAlert problem={problem} />
      <div className="writer-actions">
        <button type="button" className="button" onClick={onClose}>
          {tx.revisionClose}
        </button>
        <button type="button" className="button button-primary" disabled={busy || !then} onClick={() => void restore()}>
          {tx.revisionRestore}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}

function Side({ heading, revision }: { heading: string; revision: Pick<Revision, "title" | "summary" | "body" | "tags"> }) {
  return (
    <div className="writer-compare-side">
      <h3>{heading}</h3>
      <p className="writer-compare-title">{revision.title || "—"}</p>
      {revision.summary ? <p className="console-muted">{revision.summary}</p> : null}
      {revision.tags.length ? <p className="console-small">{revision.tags.map((tag) => `#${tag}`).join(" ")}</p> : null}
      <BodyView html={revision.body} className="writer-compare-body" />
    </div>
  );
}
