// Media publication requests: the list by status, newest first; one request with its body,
// attachments and history, taken into review, published with the articles' addresses or
// rejected with a reason (a template or free text). The business gets the server's mail at
// each step.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Link, useSearch } from "wouter";
import { ConsoleCard, ConsoleTable } from "../../components/console";
import { BodyView } from "../../components/editor/BodyView";
import { parseId } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { mediaRequestQuery, mediaRequestsQuery, useReview, type MediaRequest, type Review } from "./api";
import { failureText, FlashLine, type Flash, When } from "./parts";
import { useAdminTexts } from "./texts";

const STATUSES = ["REQUESTED", "IN_REVIEW", "PUBLISHED", "REJECTED"] as const;

export function MediaReview() {
  const tx = useAdminTexts();
  const id = parseId(new URLSearchParams(useSearch()).get("id") ?? "") ?? null;
  const [status, setStatus] = useState<string>("");
  const list = useQuery(mediaRequestsQuery(status));
  const open = useQuery(mediaRequestQuery(id));
  return (
    <>
      {id === null ? null : open.isPending ? <Loading /> : open.isError ? <LoadFailed /> : <RequestView key={open.data.id} request={open.data} />}
      <ConsoleCard title={tx.media} id="admin-media">
        <div className="admin-filters">
          <label htmlFor="admin-media-status">{tx.statusFilter}</label>
          <select id="admin-media-status" value={status} onChange={(event) => setStatus(event.target.value)}>
            <option value="">{tx.all}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {tx[value]}
              </option>
            ))}
          </select>
        </div>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <LoadFailed />
        ) : list.data.items.length === 0 ? (
          <p>{tx.noResults}</p>
        ) : (
          <ConsoleTable columns={[tx.colItem, tx.colStatus, tx.desired, tx.colWhen]}>
            {list.data.items.map((request) => (
              <tr key={request.id}>
                <td>
                  <Link href={`/admin/media?id=${request.id}`} aria-current={request.id === id ? "true" : undefined}>
                    {request.title}
                  </Link>
                </td>
                <td>{tx[request.status]}</td>
                <td>{[request.desiredDate, request.desiredTime].filter(Boolean).join(" ")}</td>
                <td>
                  <When at={request.createdAt} />
                </td>
              </tr>
            ))}
          </ConsoleTable>
        )}
      </ConsoleCard>
    </>
  );
}

type Decision = "publish" | "reject" | null;

function RequestView({ request }: { request: MediaRequest }) {
  const tx = useAdminTexts();
  const review = useReview(request.id);
  const [decision, setDecision] = useState<Decision>(null);
  const [links, setLinks] = useState("");
  const [reason, setReason] = useState("");
  const [flash, setFlash] = useState<Flash>(null);
  const [busy, setBusy] = useState(false);
  const send = async (change: Review) => {
    setBusy(true);
    try {
      await review.mutateAsync(change);
      setDecision(null);
      setFlash({ kind: "ok", text: tx[change.status] });
    } catch (error) {
      setFlash({ kind: "problem", text: failureText(tx, error) });
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decision === "publish") {
      const addresses = links.split("\n").map((line) => line.trim()).filter(Boolean);
      if (addresses.length === 0 || addresses.length > 20 || !addresses.every((line) => /^https?:\/\/\S+$/.test(line))) return setFlash({ kind: "problem", text: tx.linksRequired });
      void send({ status: "PUBLISHED", links: addresses });
    } else if (decision === "reject") {
      if (!reason.trim()) return setFlash({ kind: "problem", text: tx.reasonRequired });
      void send({ status: "REJECTED", reason: reason.trim() });
    }
  };
  const templates = [tx.rejectTemplate1, tx.rejectTemplate2, tx.rejectTemplate3];
  return (
    <ConsoleCard title={request.title} id="admin-media-request" aside={<span className="console-badge">{tx[request.status]}</span>}>
      <dl className="admin-facts">
        <dt>{tx.desired}</dt>
        <dd>{[request.desiredDate, request.desiredTime].filter(Boolean).join(" ") || "—"}</dd>
        <dt>{tx.mediaTypes}</dt>
        <dd>{request.mediaTypes.join(", ")}</dd>
        {request.attachments.length > 0 ? (
          <>
            <dt>{tx.attachments}</dt>
            <dd>
              {request.attachments.map((file) => (
                <a key={file.id} href={file.url} target="_blank" rel="noreferrer" className="admin-attachment">
                  {file.url.split("/").pop()}
                </a>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      <BodyView html={request.body} className="admin-body post-body-content" />
      <h3>{tx.history}</h3>
      <ol className="admin-history">
        {request.history.map((step, index) => (
          <li key={index}>
            <When at={step.at} /> {tx[step.status as MediaRequest["status"]] ?? step.status}
            {step.note ? <span className="console-small"> — {step.note}</span> : null}
          </li>
        ))}
      </ol>
      <div className="admin-actions">
        {request.status === "REQUESTED" ? (
          <button type="button" className="button button-small button-primary" disabled={busy} onClick={() => void send({ status: "IN_REVIEW" })}>
            {tx.startReview}
          </button>
        ) : null}
        {request.status === "IN_REVIEW" ? (
          <button type="button" className="button button-small button-primary" aria-expanded={decision === "publish"} onClick={() => setDecision("publish")}>
            {tx.publish}
          </button>
        ) : null}
        {request.status === "REQUESTED" || request.status === "IN_REVIEW" ? (
          <button type="button" className="button button-small" aria-expanded={decision === "reject"} onClick={() => setDecision("reject")}>
            {tx.reject}
          </button>
        ) : null}
      </div>
      {decision ? (
        <form className="admin-form" onSubmit={submit} noValidate>
          {decision === "publish" ? (
            <>
              <label htmlFor="admin-media-links">{tx.links}</label>
              <textarea id="admin-media-links" rows={3} inputMode="url" value={links} onChange={(event) => setLinks(event.target.value)} />
            </>
          ) : (
            <>
              <label htmlFor="admin-media-template">{tx.reasonTemplate}</label>
              <select id="admin-media-template" value="" onChange={(event) => event.target.value && setReason(event.target.value)}>
                <option value="">—</option>
                {templates.map((text) => (
                  <option key={text} value={text}>
                    {text}
                  </option>
                ))}
              </select>
              <label htmlFor="admin-media-reason">{tx.reason}</label>
              <textarea id="admin-media-reason" rows={3} maxLength={1000} value={reason} onChange={(event) => setReason(event.target.value)} />
            </>
          )}
          <div className="admin-actions">
            <button type="submit" className="button button-small button-primary" disabled={busy}>
              {tx.submit}
            </button>
            <button type="button" className="button button-small" onClick={() => setDecision(null)}>
              {tx.cancel}
            </button>
          </div>
        </form>
      ) : null}
      <FlashLine flash={flash} />
    </ConsoleCard>
  );
}
