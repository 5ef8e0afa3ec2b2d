// Preview links of a post: made for 7 days, shown once when made (only a digest stays on the
// server), listed with their state, revoked at once.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConsoleCard } from "../../components/console";
import { FormAlert, useFailureMessage } from "../../components/form";
import { formatDate } from "../../lib/core";
import { previewsQuery, useCreatePreview, useRevokePreview } from "./api";
import { fill, useWritingTexts } from "./texts";

export function PreviewLinks({ postId }: { postId: number }) {
  const tx = useWritingTexts();
  const failure = useFailureMessage();
  const list = useQuery(previewsQuery(postId));
  const creation = useCreatePreview(postId);
  const revocation = useRevokePreview(postId);
  const [made, setMade] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setProblem(null);
    try {
      await call();
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      const link = await creation.mutateAsync(7);
      setMade(new URL(link.url, window.location.origin).href);
      setCopied(false);
    });
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const items = list.data?.items ?? [];
  return (
    <ConsoleCard title={tx.previews} id="writer-previews">
      <p className="console-muted console-small">{tx.previewsLead}</p>
      {made ? (
        <div className="writer-preview-made" role="status">
          <p>{tx.previewCreated}</p>
          <div className="writer-preview-url">
            <input aria-label={tx.previews} readOnly value={made} onFocus={(event) => event.currentTarget.select()} />
            <button type="button" className="button button-small" onClick={() => void copy()}>
              {copied ? tx.previewCopied : tx.previewCopy}
            </button>
          </div>
        </div>
      ) : null}
      <FormAlert problem={problem} />
      <button type="button" className="button button-small" disabled={busy} onClick={() => void create()}>
        {tx.previewCreate}
      </button>
      {items.length === 0 ? (
        <p className="console-muted console-small">{tx.previewsEmpty}</p>
      ) : (
        <ul className="writer-list">
          {items.map((item) => (
            <li key={item.previewId}>
              <span>
                #{item.previewId} · {formatDate(item.createdAt, "MM-dd HH:mm")} ·{" "}
                {item.active ? fill(tx.previewActive, { expires: formatDate(item.expiresAt, "yyyy-MM-dd HH:mm") }) : item.revokedAt ? tx.previewRevoked : tx.previewExpired}
              </span>
              {item.active ? (
                <button type="button" className="button button-small" disabled={busy} onClick={() => void run(() => revocation.mutateAsync(item.previewId))}>
                  {tx.previewRevoke}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </ConsoleCard>
  );
}
