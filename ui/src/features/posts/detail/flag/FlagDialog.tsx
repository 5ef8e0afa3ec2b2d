import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "../../../../lib/api";
import { FLAG_REASONS as REASONS, useFlagPost, type FlagReason as Reason } from "../../api";
import { useFlagTexts } from "./texts";
import "./flag.css";

/** The server's limit on the reader's own words. */
const DETAIL_MAX = 1000;

type State = { kind: "editing" | "sending" } | { kind: "problem"; text: string } | { kind: "sent"; already: boolean };

/** The report form, a modal dialog: a reason, the reader's words, sent once. A failure keeps
 * what was written; the answer says whether this reader had reported the post already. */
export default function FlagDialog({ postSeq, onClose }: { postSeq: number; onClose: () => void }) {
  const tx = useFlagTexts();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const first = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState<Reason | null>(null);
  const [detail, setDetail] = useState("");
  const [state, setState] = useState<State>({ kind: "editing" });
  const done = useRef<HTMLButtonElement>(null);
  const flag = useFlagPost(postSeq);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    first.current?.focus();
    return () => element?.close();
  }, []);
  useEffect(() => {
    if (state.kind === "sent") done.current?.focus();
  }, [state.kind]);

  const detailNeeded = reason === "OTHER";
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === "sending") return;
    if (!reason) return setState({ kind: "problem", text: tx.noReason });
    if (detailNeeded && detail.trim() === "") return setState({ kind: "problem", text: tx.noDetail });
    setState({ kind: "sending" });
    try {
      const answer = await flag.mutateAsync({ reason, detail: detail.trim() === "" ? null : detail });
      setState({ kind: "sent", already: answer.alreadyFlagged });
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      setState({ kind: "problem", text: status === 429 ? tx.tooMany : status === 404 ? tx.gone : tx.failed });
    }
  };

  return (
    <dialog
      ref={dialog}
      className="flag-dialog"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
      onClick={(event) => {
        // The dialog itself is only hit on its backdrop: its content fills it.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {state.kind === "sent" ? (
        <div className="flag-content">
          <h2 id={`${ids}-title`}>{tx.title}</h2>
          <p role="status">{state.already ? tx.already : tx.done}</p>
          <div className="flag-actions">
            <button ref={done} type="button" className="button button-primary" onClick={() => dialog.current?.close()}>
              {tx.close}
            </button>
          </div>
        </div>
      ) : (
        <form className="flag-content" noValidate onSubmit={(event) => void submit(event)}>
          <h2 id={`${ids}-title`}>{tx.title}</h2>
          <p className="flag-intro">{tx.intro}</p>
          <fieldset className="flag-reasons">
            <legend>{tx.reason}</legend>
            {REASONS.map((code, index) => (
              <label key={code} className="flag-reason">
                <input
                  ref={index === 0 ? first : undefined}
                  type="radio"
                  name={`${ids}-reason`}
                  value={code}
                  checked={reason === code}
                  onChange={() => setReason(code)}
                />
                {tx[code]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${ids}-detail`} className="flag-detail-label">
            {detailNeeded ? tx.detailRequired : tx.detail}
          </label>
          <textarea
            id={`${ids}-detail`}
            className="flag-detail"
            rows={4}
            maxLength={DETAIL_MAX}
            required={detailNeeded}
            aria-describedby={`${ids}-hint`}
            value={detail}
            onChange={(event) => setDetail(event.target.value)}
          />
          <p id={`${ids}-hint`} className="flag-hint">
            {tx.detailHint}
          </p>
          {state.kind === "problem" ? (
            <p className="form-problem" role="alert">
              {state.text}
            </p>
          ) : null}
          <div className="flag-actions">
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              {tx.cancel}
            </button>
            <button type="submit" className="button button-primary" aria-disabled={state.kind === "sending" || undefined}>
              {state.kind === "sending" ? tx.sending : tx.send}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
