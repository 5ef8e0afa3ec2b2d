// The writer of one post: its fields and body, saved as a draft 3 seconds after the last
// change (the TemporaryContent event), kept in browser storage on every change, refused with
// a warning when someone else saved the post since it was opened, and published, scheduled
// or hidden from the side panel.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { ConsoleCard } from "../../components/console";
import { Editor } from "../../components/editor";
import { FormAlert, useFailureMessage } from "../../components/form";
import { pushDataLayer } from "../../lib/analytics";
import { ApiError } from "../../lib/api";
import type { MyBusiness } from "../../lib/business";
import { formatDate } from "../../lib/core";
import { useSession } from "../../lib/session";
import { CONFLICT_CODE, writingCalls, type Conflict, type EditedPost, type PostInput, type SaveAction } from "./api";
import { draftOf, dropLocal, emptyDraft, inputOf, readLocal, sameDraft, writeLocal, type Draft } from "./draft";
import { HeadFields, SettingsFields } from "./Fields";
import { revisionsKey } from "./revisionsKey";
import { SchedulePanel } from "./SchedulePanel";
import { fill, useWritingTexts } from "./texts";

// A saved post's side cards load after the page: a new post has none.
const PreviewLinks = lazy(() => import("./PreviewLinks").then((module) => ({ default: module.PreviewLinks })));
const Revisions = lazy(() => import("./Revisions").then((module) => ({ default: module.Revisions })));

/** How long after the last change a draft is saved. */
export const AUTOSAVE_MS = 3000;

type Texts = ReturnType<typeof useWritingTexts>;
type AutosaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: number } | { kind: "failed"; reason: string };

interface Flash {
  key: keyof Texts;
  values?: Record<string, string>;
  link?: string;
}

interface Props {
  mine: MyBusiness;
  /** The post as the server has it; none for a new one. */
  post: EditedPost | null;
  /** A new post got its id (the page puts it in the address). */
  onCreated?: (id: number) => void;
  /** Read the post again from the server (after a restore, or to take another's version). */
  onReload?: () => void;
}

export function Writer({ mine, post, onCreated, onReload }: Props) {
  const tx = useWritingTexts();
  const failure = useFailureMessage();
  const { user } = useSession();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const businessId = mine.business.id;
  const [postId, setPostId] = useState<number | null>(post?.postSeq ?? null);
  const [status, setStatus] = useState<string | null>(post?.status ?? null);
  const [publishAt, setPublishAt] = useState<string | null>(post?.publishAt ?? null);
  const version = useRef<number | undefined>(post?.version);
  // What the server holds: the draft last sent (the server keeps it as sent: the editor's
  // body is what the sanitiser keeps unchanged).
  const [saved, setSaved] = useState<Draft>(() => (post ? draftOf(post) : emptyDraft()));
  const [start] = useState(() => {
    const local = readLocal(businessId, post?.postSeq ?? null);
    return local && !sameDraft(local.draft, saved) ? { draft: local.draft, recoveredAt: local.savedAt } : { draft: saved, recoveredAt: null };
  });
  const [draft, setDraft] = useState<Draft>(start.draft);
  const [recoveredAt, setRecoveredAt] = useState<number | null>(start.recoveredAt);
  const [editorKey, setEditorKey] = useState(0);
  const [autosave, setAutosave] = useState<AutosaveState>({ kind: "idle" });
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [flash, setFlash] = useState<Flash | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  const dirty = !sameDraft(draft, saved);
  const autosaves = status === null || status === "DRAFT";

  // Every change is kept in this browser until the server has it.
  useEffect(() => {
    if (dirty) writeLocal(businessId, postId, draft);
  }, [businessId, postId, draft, dirty]);

  async function persist(action: SaveAction, extra: Partial<PostInput> = {}, auto = false): Promise<EditedPost | null> {
    const sent = latest.current;
    const input: PostInput = { ...inputOf(sent, action), ...extra };
    if (postId !== null && version.current !== undefined && input.baseVersion === undefined) input.baseVersion = version.current;
    if (auto) setAutosave({ kind: "saving" });
    try {
      const result = postId === null ? await writingCalls.create(input) : await writingCalls.edit(postId, input);
      setSaved(sent);
      version.current = result.version;
      setStatus(result.status);
      setPublishAt(result.publishAt);
      setConflict(null);
      setRecoveredAt(null);
      if (postId === null) {
        dropLocal(businessId, null);
        setPostId(result.postSeq);
        onCreated?.(result.postSeq);
        navigate(`/mypage/content/register?id=${result.postSeq}`, { replace: true });
      }
      if (sameDraft(latest.current, sent)) dropLocal(businessId, result.postSeq);
      else writeLocal(businessId, result.postSeq, latest.current);
      void client.invalidateQueries({ queryKey: revisionsKey(result.postSeq) });
      if (action === "draft") pushDataLayer("TemporaryContent", "UPLOAD", user);
      if (action === "publish") pushDataLayer("Upload_Content", "UPLOAD", user);
      if (auto) setAutosave({ kind: "saved", at: Date.now() });
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === CONFLICT_CODE && error.data) {
        setConflict(error.data as Conflict);
        if (auto) setAutosave({ kind: "idle" });
        return null;
      }
      const reason = failure(error, (e) => (e.status === 400 ? e.message : undefined));
      if (auto) setAutosave({ kind: "failed", reason });
      else setProblem(reason);
      return null;
    }
  }

  // Autosave: a draft (or a post not saved yet) 3 seconds after its last change.
  const persistRef = useRef(persist);
  useEffect(() => {
    persistRef.current = persist;
  });
  useEffect(() => {
    if (!dirty || !autosaves || conflict || busy) return;
    const timer = window.setTimeout(() => void persistRef.current("draft", {}, true), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, dirty, autosaves, conflict, busy]);

  function check(publishing: boolean): boolean {
    const found = {
      "post-title": publishing && !draft.title.trim() ? tx.titleRequired : undefined,
      body: publishing && !draft.bodyHtml ? tx.bodyRequired : undefined,
    };
    setFieldProblems(found);
    return !Object.values(found).some(Boolean);
  }

  async function act(action: SaveAction, done: keyof Texts, extra: Partial<PostInput> = {}) {
    if (!check(action === "publish" || action === "schedule" || status === "PUBLISHED")) return;
    setBusy(true);
    setProblem(null);
    setFlash(null);
    const result = await persist(action, extra);
    setBusy(false);
    if (result) setFlash({ key: done, link: result.status === "PUBLISHED" ? `/post/${result.postSeq}` : undefined });
  }

  async function hide() {
    if (postId === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const result = await writingCalls.hide(postId);
      setStatus(result.status);
      version.current = result.version;
      setFlash({ key: "hidden" });
    } catch (error) {
      setProblem(failure(error));
    } finally {
      setBusy(false);
    }
  }

  const discardLocal = () => {
    dropLocal(businessId, postId);
    setDraft(saved);
    setRecoveredAt(null);
    setEditorKey((k) => k + 1);
  };

  const takeTheirs = () => {
    dropLocal(businessId, postId);
    onReload?.();
  };

  const update = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  let autosaveLine: string;
  if (conflict) autosaveLine = tx.autosaveConflict;
  else if (!autosaves) autosaveLine = dirty ? tx.autosaveLocal : "";
  else if (autosave.kind === "saving") autosaveLine = tx.autosaveSaving;
  else if (autosave.kind === "failed") autosaveLine = fill(tx.autosaveFailed, { reason: autosave.reason });
  else if (dirty) autosaveLine = tx.autosavePending;
  else if (autosave.kind === "saved") autosaveLine = fill(tx.autosaveSaved, { time: formatDate(autosave.at, "HH:mm:ss") });
  else autosaveLine = tx.autosaveIdle;

  return (
    <div className="writer">
      {recoveredAt !== null ? (
        <div className="writer-banner" role="status">
          <p>{fill(tx.recovered, { time: formatDate(recoveredAt, "yyyy-MM-dd HH:mm") })}</p>
          <button type="button" className="button button-small" onClick={discardLocal}>
            {tx.recoveredDiscard}
          </button>
        </div>
      ) : null}
      {conflict ? (
        <div className="writer-banner writer-banner-warn" role="alert">
          <p>{fill(tx.conflict, { name: conflict.editorNickname ?? tx.conflictSomeone, time: formatDate(conflict.updatedAt, "yyyy-MM-dd HH:mm") })}</p>
          <div className="writer-banner-actions">
            <button type="button" className="button button-small" onClick={takeTheirs}>
              {tx.conflictTheirs}
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => void act(status === "DRAFT" || status === null ? "draft" : "save", "saved", { baseVersion: conflict.version })}
            >
              {tx.conflictMine}
            </button>
          </div>
        </div>
      ) : null}
      <div className="writer-grid">
        <div className="writer-main">
          <HeadFields draft={draft} onChange={update} problems={fieldProblems} />
          <div className="form-field">
            <span className="form-label" id="writer-body-label">
              {tx.body}
            </span>
            <Editor key={editorKey} initialHtml={draft.bodyHtml} onChange={(bodyHtml) => update({ bodyHtml })} labelledBy="writer-body-label" />
            {fieldProblems.body ? (
              <p className="form-problem" role="alert">
                {fieldProblems.body}
              </p>
            ) : null}
          </div>
        </div>
        <aside className="writer-side">
          <ConsoleCard title={tx.status} id="writer-status">
            <p className="writer-status">
              <span className={`writer-status-badge writer-status-${(status ?? "new").toLowerCase()}`}>{status ? tx[`status${status}` as keyof Texts] : tx.statusNew}</span>
            </p>
            <p className="console-muted console-small writer-autosave" role="status" aria-live="polite">
              {autosaveLine}
            </p>
            {flash ? (
              <p className="console-flash" role="status">
                {fill(tx[flash.key], flash.values ?? {})}{" "}
                {flash.link ? (
                  <a href={flash.link} target="_blank" rel="noopener">
                    {tx.viewPublic}
                  </a>
                ) : null}
              </p>
            ) : null}
            <FormAlert problem={problem} />
            <div className="writer-actions">
              {status === null || status === "DRAFT" ? (
                <button type="button" className="button" disabled={busy} onClick={() => void act("draft", "draftSaved")}>
                  {tx.saveDraft}
                </button>
              ) : (
                <button type="button" className="button" disabled={busy || !dirty} onClick={() => void act("save", "saved")}>
                  {tx.update}
                </button>
              )}
              {status !== "PUBLISHED" ? (
                <button type="button" className="button button-primary" disabled={busy} onClick={() => void act("publish", "published")}>
                  {status === "HIDDEN" ? tx.republish : tx.publishNow}
                </button>
              ) : (
                <button type="button" className="button" disabled={busy} onClick={() => void hide()}>
                  {tx.hide}
                </button>
              )}
            </div>
            {status !== "PUBLISHED" && status !== "HIDDEN" ? (
              <SchedulePanel
                scheduledAt={status === "SCHEDULED" ? publishAt : null}
                busy={busy}
                onSchedule={(at) => void act("schedule", "scheduled", { publishAt: at })}
                onCancel={() => void act("draft", "unscheduled")}
              />
            ) : null}
          </ConsoleCard>
          <ConsoleCard title={tx.settings} id="writer-settings">
            <SettingsFields draft={draft} onChange={update} />
          </ConsoleCard>
          {postId !== null ? (
            <Suspense fallback={null}>
              <PreviewLinks postId={postId} />
              <Revisions
                postId={postId}
                current={draft}
                onRestored={() => {
                  dropLocal(businessId, postId);
                  onReload?.();
                }}
              />
            </Suspense>
          ) : (
            <p className="console-muted console-small">{tx.previewNeedsSave}</p>
          )}
        </aside>
      </div>
    </div>
  );
}
