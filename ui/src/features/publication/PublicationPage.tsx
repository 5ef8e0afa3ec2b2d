// /mypage/media-publish/register (the master): a press release for the media — title, body
// (the post editor), attachments, the desired date and time in Korean time, the media — and
// the business's requests with their review steps: links once published, the reason if
// rejected, editable while they wait.
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ConsoleCard, ConsoleShell, useConsoleAccess } from "../../components/console";
import { Editor } from "../../components/editor";
import { DateField, readDate, readTime, TimeField } from "../../components/dateTime";
import { FilePick, FormAlert, TextField, useFailureMessage } from "../../components/form";
import type { MyBusiness } from "../../lib/business";
import { epochMsToKstLocal, formatDate } from "../../lib/core";
import { LoadFailed, Loading } from "../../lib/status";
import { uploadFile } from "../../lib/upload";
import { MEDIA_TYPES, requestsQuery, useSaveRequest, type MediaRequest, type MediaType, type RequestInput } from "./api";
import "./publication.css";
import { fill, useMediaTexts } from "./texts";

export default function PublicationPage() {
  const tx = useMediaTexts();
  const access = useConsoleAccess("master");
  if (access.state === "loading") return <Loading text={tx.loading} />;
  if (access.state === "failed") return <LoadFailed text={tx.loadFailed} />;
  return (
    <ConsoleShell mine={access.mine} section="media" title={tx.title}>
      <MediaRequests mine={access.mine} />
    </ConsoleShell>
  );
}

interface Attachment {
  id: number;
  url: string;
  name: string;
}

interface Form {
  title: string;
  body: string;
  date: string;
  time: string;
  mediaTypes: MediaType[];
  attachments: Attachment[];
}

const EMPTY: Form = { title: "", body: "", date: "", time: "", mediaTypes: [], attachments: [] };

function formOf(request: MediaRequest, tx: ReturnType<typeof useMediaTexts>): Form {
  return {
    title: request.title,
    body: request.body,
    date: request.desiredDate ?? "",
    time: request.desiredTime ?? "",
    mediaTypes: request.mediaTypes,
    attachments: request.attachments.map((file, i) => ({ ...file, name: fill(tx.attachment, { n: i + 1 }) })),
  };
}

function MediaRequests({ mine }: { mine: MyBusiness }) {
  const tx = useMediaTexts();
  const businessId = mine.business.id;
  const list = useQuery(requestsQuery(businessId));
  const [editing, setEditing] = useState<{ id: number | null; generation: number; form: Form }>({ id: null, generation: 0, form: EMPTY });
  const [flash, setFlash] = useState<string | null>(null);
  const start = (id: number | null, form: Form) => {
    setEditing((e) => ({ id, generation: e.generation + 1, form }));
    setFlash(null);
  };
  return (
    <div className="console-grid media-grid">
      <ConsoleCard title={editing.id ? tx.editTitle : tx.formTitle} id="media-form">
        <p className="console-muted">{tx.lead}</p>
        {flash ? (
          <p className="console-flash" role="status">
            {flash}
          </p>
        ) : null}
        <RequestForm
          key={editing.generation}
          businessId={businessId}
          requestId={editing.id}
          initial={editing.form}
          onDone={(edited) => {
            start(null, EMPTY);
            setFlash(edited ? tx.saved : tx.sent);
          }}
          onCancel={editing.id ? () => start(null, EMPTY) : undefined}
        />
      </ConsoleCard>
      <ConsoleCard title={tx.history} id="media-history">
        {list.isPending ? (
          <p className="console-muted">{tx.loading}</p>
        ) : list.isError ? (
          <p className="console-muted">{tx.loadFailed}</p>
        ) : list.data.items.length === 0 ? (
          <p className="console-muted">{tx.historyEmpty}</p>
        ) : (
          <ol className="media-history">
            {list.data.items.map((request) => (
              <RequestItem key={request.id} request={request} onEdit={() => start(request.id, formOf(request, tx))} />
            ))}
          </ol>
        )}
      </ConsoleCard>
    </div>
  );
}

function RequestForm({ businessId, requestId, initial, onDone, onCancel }: { businessId: number; requestId: number | null; initial: Form; onDone: (edited: boolean) => void; onCancel?: () => void }) {
  const tx = useMediaTexts();
  const failure = useFailureMessage();
  const [form, setForm] = useState<Form>(initial);
  const [problems, setProblems] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const save = useSaveRequest(businessId);
  const [uploading, setUploading] = useState(false);
  const set = (change: Partial<Form>) => setForm((f) => ({ ...f, ...change }));
  const today = epochMsToKstLocal(Date.now()).slice(0, 10);

  async function attach(files: FileList | null) {
    if (!files) return;
    setUploading(true);
    setProblems((p) => ({ ...p, attachments: undefined }));
    try {
      for (const file of Array.from(files).slice(0, 10 - form.attachments.length)) {
        const upload = await uploadFile(file, file.type === "application/pdf" ? "report" : "body");
        setForm((f) => ({ ...f, attachments: [...f.attachments, { id: upload.id, url: upload.url, name: file.name }] }));
      }
    } catch (error) {
      setProblems((p) => ({ ...p, attachments: fill(tx.uploadFailed, { reason: error instanceof Error ? error.message : String(error) }) }));
    } finally {
      setUploading(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      "media-title": form.title.trim() ? undefined : tx.titleRequired,
      body: form.body ? undefined : tx.bodyRequired,
      "media-date": form.date && !readDate(form.date) ? tx.dateUnreadable : undefined,
      "media-time": form.time && !readTime(form.time) ? tx.timeUnreadable : form.time && !form.date ? tx.timeNeedsDate : undefined,
      types: form.mediaTypes.length ? undefined : tx.mediaTypesRequired,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    const input: RequestInput = {
      title: form.title.trim(),
      body: form.body,
      desiredDate: readDate(form.date),
      desiredTime: readTime(form.time)?.slice(0, 5) ?? null,
      mediaTypes: form.mediaTypes,
      attachmentIds: form.attachments.map((file) => file.id),
    };
    setBusy(true);
    try {
      await save.mutateAsync({ requestId, input });
      onDone(requestId !== null);
    } catch (error) {
      setProblems({ form: failure(error, (e) => (e.status === 400 || e.status === 409 ? e.message : undefined)) });
      setBusy(false);
    }
  }

  return (
    <form className="form-stack" noValidate onSubmit={(event) => void submit(event)}>
      <TextField id="media-title" label={tx.requestTitle} value={form.title} onChange={(title) => set({ title })} maxLength={200} autoComplete="off" problem={problems["media-title"]} />
      <div className="form-field">
        <span className="form-label" id="media-body-label">
          {tx.body}
        </span>
        <Editor initialHtml={initial.body} onChange={(body) => set({ body })} labelledBy="media-body-label" />
        {problems.body ? (
          <p className="form-problem" role="alert">
            {problems.body}
          </p>
        ) : null}
      </div>
      <div className="media-when">
        <div className="form-field">
          <label htmlFor="media-date">{tx.desiredDate}</label>
          <DateField id="media-date" value={form.date} min={today} onChange={(date) => set({ date })} invalid={Boolean(problems["media-date"])} describedBy={problems["media-date"] ? "media-date-problem" : undefined} />
          {problems["media-date"] ? (
            <p id="media-date-problem" className="form-problem">
              {problems["media-date"]}
            </p>
          ) : null}
        </div>
        <div className="form-field">
          <label htmlFor="media-time">{tx.desiredTime}</label>
          <TimeField id="media-time" value={form.time} onChange={(time) => set({ time })} invalid={Boolean(problems["media-time"])} describedBy={problems["media-time"] ? "media-time-problem" : undefined} />
          {problems["media-time"] ? (
            <p id="media-time-problem" className="form-problem">
              {problems["media-time"]}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="media-types" aria-describedby={problems.types ? "media-types-problem" : undefined}>
        <legend>{tx.mediaTypes}</legend>
        {MEDIA_TYPES.map((type) => (
          <label key={type} className="form-check">
            <input
              type="checkbox"
              checked={form.mediaTypes.includes(type)}
              onChange={(event) => set({ mediaTypes: event.target.checked ? [...form.mediaTypes, type] : form.mediaTypes.filter((t) => t !== type) })}
            />
            <span>{tx[type]}</span>
          </label>
        ))}
        {problems.types ? (
          <p id="media-types-problem" className="form-problem">
            {problems.types}
          </p>
        ) : null}
      </fieldset>
      <div className="form-field">
        <label htmlFor="media-files">{tx.attachments}</label>
        {form.attachments.length ? (
          <ul className="media-files">
            {form.attachments.map((file) => (
              <li key={file.id}>
                <a href={file.url} target="_blank" rel="noopener">
                  {file.name}
                </a>
                <button type="button" className="button button-small" aria-label={fill(tx.attachmentRemove, { name: file.name })} onClick={() => set({ attachments: form.attachments.filter((f) => f.id !== file.id) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FilePick id="media-files" multiple accept="image/jpeg,image/png,image/webp,application/pdf" disabled={uploading || form.attachments.length >= 10} onFiles={(files) => void attach(files)} />
        {uploading ? <p className="form-hint">{tx.uploading}</p> : null}
        {problems.attachments ? (
          <p className="form-problem" role="alert">
            {problems.attachments}
          </p>
        ) : null}
      </div>
      <FormAlert problem={problems.form} />
      <div className="writer-actions media-actions">
        <button type="submit" className="button button-primary" disabled={busy || uploading}>
          {requestId ? tx.save : tx.submit}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {tx.cancelEdit}
          </button>
        ) : null}
      </div>
    </form>
  );
}

function RequestItem({ request, onEdit }: { request: MediaRequest; onEdit: () => void }) {
  const tx = useMediaTexts();
  const when = request.desiredDate ? `${request.desiredDate} ${request.desiredTime ?? tx.anyTime}` : null;
  return (
    <li className="media-request" data-status={request.status}>
      <div className="media-request-head">
        <strong>{request.title}</strong>
        <span className={`media-badge media-badge-${request.status.toLowerCase()}`}>{tx[request.status]}</span>
      </div>
      <p className="console-muted console-small">
        {formatDate(request.createdAt, "yyyy-MM-dd HH:mm")} · {request.mediaTypes.map((type) => tx[type]).join(", ")}
        {when ? ` · ${fill(tx.wanted, { when })}` : ""}
      </p>
      <ol className="media-steps" aria-label={tx.steps}>
        {request.history.map((step, i) => (
          <li key={i}>
            {tx[step.status]} · {formatDate(step.at, "MM-dd HH:mm")}
          </li>
        ))}
      </ol>
      {request.status === "PUBLISHED" && request.links?.length ? (
        <div>
          <p className="console-small">{tx.links}</p>
          <ul className="media-links">
            {request.links.map((link) => (
              <li key={link}>
                <a href={link} target="_blank" rel="noopener noreferrer">
                  {link}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {request.status === "REJECTED" && request.rejectReason ? <p className="console-small">{fill(tx.reason, { reason: request.rejectReason })}</p> : null}
      {request.status === "REQUESTED" ? (
        <button type="button" className="button button-small" aria-label={fill(tx.editOf, { title: request.title })} onClick={onEdit}>
          {tx.edit}
        </button>
      ) : null}
    </li>
  );
}
