// The writer of one post: its fields and body, saved as a draft 3 seconds after the last
// change (the TemporaryContent event), kept in browser storage on every change, refused with
// a warning when someone else saved the post since it was opened, and published, scheduled
// or hidden from the side panel. Its state and save policy are writerState.ts; the calls and
// the timer, useWriter.ts.
import { lazy, Suspense, useMemo } from "react";
import { ConsoleCard } from "../../components/console";
import { Editor, imagesWithoutAlt } from "../../components/editor";
import { FormAlert } from "../../components/form";
import type { MyBusiness } from "../../lib/business";
import { formatDate } from "../../lib/core";
import type { EditedPost } from "./api";
import { HeadFields, SettingsFields } from "./Fields";
import { SchedulePanel } from "./SchedulePanel";
import { fill, useWritingTexts } from "./texts";
import { useWriter } from "./useWriter";
import { saveLine, type FieldProblems, type WriterState } from "./writerState";

// A saved post's side cards load after the page: a new post has none.
const PreviewLinks = lazy(() => import("./PreviewLinks").then((module) => ({ default: module.PreviewLinks })));
const Revisions = lazy(() => import("./Revisions").then((module) => ({ default: module.Revisions })));

type Texts = ReturnType<typeof useWritingTexts>;

interface Props {
  mine: MyBusiness;
  /** The post as the server has it; none for a new one. */
  post: EditedPost | null;
  /** A new post got its id (the page puts it in the address). */
  onCreated?: (id: number) => void;
  /** Read the post again from the server (after a restore, or to take another's version). */
  onReload?: () => void;
}

/** The line under the status, in the writer's language. */
function saveLineText(state: WriterState, tx: Texts): string {
  const line = saveLine(state);
  switch (line.kind) {
    case "conflict":
      return tx.autosaveConflict;
    case "local":
      return tx.autosaveLocal;
    case "none":
      return "";
    case "saving":
      return tx.autosaveSaving;
    case "failed":
      return fill(tx.autosaveFailed, { reason: line.reason });
    case "pending":
      return tx.autosavePending;
    case "saved":
      return fill(tx.autosaveSaved, { time: formatDate(line.at, "HH:mm:ss") });
    case "idle":
      return tx.autosaveIdle;
  }
}

function problemTexts(problems: FieldProblems, tx: Texts): Record<string, string | undefined> {
  return { "post-title": problems["post-title"] && tx[problems["post-title"]], body: problems.body && tx[problems.body] };
}

export function Writer({ mine, post, onCreated, onReload }: Props) {
  const tx = useWritingTexts();
  const writer = useWriter({ businessId: mine.business.id, post, onCreated });
  const { state, dirty, edit, act } = writer;
  const { postId, status, draft, conflict, flash, busy } = state;
  // The publish check: images a screen reader could not read out (the editor asks every image
  // it inserts for its alt text; a paste from elsewhere may bring some without).
  const missingAlt = useMemo(() => imagesWithoutAlt(draft.bodyHtml), [draft.bodyHtml]);
  const fieldProblems = problemTexts(state.fieldProblems, tx);

  const reload = () => {
    writer.forgetLocal();
    onReload?.();
  };

  return (
    <div className="writer">
      {state.recoveredAt !== null ? (
        <div className="writer-banner" role="status">
          <p>{fill(tx.recovered, { time: formatDate(state.recoveredAt, "yyyy-MM-dd HH:mm") })}</p>
          <button type="button" className="button button-small" onClick={writer.discardLocal}>
            {tx.recoveredDiscard}
          </button>
        </div>
      ) : null}
      {conflict ? (
        <div className="writer-banner writer-banner-warn" role="alert">
          <p>{fill(tx.conflict, { name: conflict.editorNickname ?? tx.conflictSomeone, time: formatDate(conflict.updatedAt, "yyyy-MM-dd HH:mm") })}</p>
          <div className="writer-banner-actions">
            <button type="button" className="button button-small" onClick={reload}>
              {tx.conflictTheirs}
            </button>
            <button
              type="button"
              className="button button-small"
              onClick={() => act(status === "DRAFT" || status === null ? "draft" : "save", "saved", { baseVersion: conflict.version })}
            >
              {tx.conflictMine}
            </button>
          </div>
        </div>
      ) : null}
      <div className="writer-grid">
        <div className="writer-main">
          <HeadFields draft={draft} onChange={edit} problems={fieldProblems} />
          <div className="form-field">
            <span className="form-label" id="writer-body-label">
              {tx.body}
            </span>
            <Editor key={state.editorKey} initialHtml={draft.bodyHtml} onChange={(bodyHtml) => edit({ bodyHtml })} labelledBy="writer-body-label" />
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
              <span className={`writer-status-badge writer-status-${(status ?? "new").toLowerCase()}`}>{status ? tx[`status${status}`] : tx.statusNew}</span>
            </p>
            <p className="console-muted console-small writer-autosave" role="status" aria-live="polite">
              {saveLineText(state, tx)}
            </p>
            {flash ? (
              <p className="console-flash" role="status">
                {fill(tx[flash.key], {})}{" "}
                {flash.link ? (
                  <a href={flash.link} target="_blank" rel="noopener">
                    {tx.viewPublic}
                  </a>
                ) : null}
              </p>
            ) : null}
            <FormAlert problem={state.problem} />
            {missingAlt > 0 ? (
              <p className="writer-warning" role="note">
                {fill(tx.altMissing, { count: missingAlt })}
              </p>
            ) : null}
            <div className="writer-actions">
              {status === null || status === "DRAFT" ? (
                <button type="button" className="button" disabled={busy} onClick={() => act("draft", "draftSaved")}>
                  {tx.saveDraft}
                </button>
              ) : (
                <button type="button" className="button" disabled={busy || !dirty} onClick={() => act("save", "saved")}>
                  {tx.update}
                </button>
              )}
              {status !== "PUBLISHED" ? (
                <button type="button" className="button button-primary" disabled={busy} onClick={() => act("publish", "published")}>
                  {status === "HIDDEN" ? tx.republish : tx.publishNow}
                </button>
              ) : (
                <button type="button" className="button" disabled={busy} onClick={() => void writer.hide()}>
                  {tx.hide}
                </button>
              )}
            </div>
            {status !== "PUBLISHED" && status !== "HIDDEN" ? (
              <SchedulePanel
                scheduledAt={status === "SCHEDULED" ? state.publishAt : null}
                busy={busy}
                onSchedule={(at) => act("schedule", "scheduled", { publishAt: at })}
                onCancel={() => act("draft", "unscheduled")}
              />
            ) : null}
          </ConsoleCard>
          <ConsoleCard title={tx.settings} id="writer-settings">
            <SettingsFields draft={draft} onChange={edit} />
          </ConsoleCard>
          {postId !== null ? (
            <Suspense fallback={null}>
              <PreviewLinks postId={postId} />
              <Revisions
                postId={postId}
                current={draft}
                onRestored={reload}
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
