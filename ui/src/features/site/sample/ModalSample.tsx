import { useId, useRef, useState, type FormEvent } from "react";
import { isValidEmail } from "../../../lib/core";
import { useSampleTexts } from "./texts";

type Outcome = { kind: "none" } | { kind: "confirmed"; email: string } | { kind: "cancelled" };

/** An accessible modal: the native <dialog> opened with showModal() keeps focus inside and
 * closes on Escape by itself; a click on the backdrop closes it too, and focus goes back to
 * the button that opened it. */
export function ModalSample() {
  const tx = useSampleTexts();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: "none" });
  const ids = useId();

  const open = () => {
    const element = dialog.current;
    if (!element || element.open) return;
    setInvalid(false);
    element.returnValue = "";
    element.showModal();
    // The form's field first, rather than the close button the browser would pick.
    field.current?.focus();
  };

  const onClose = () => {
    const confirmed = dialog.current?.returnValue === "confirm";
    setOutcome(confirmed ? { kind: "confirmed", email: email.trim() } : { kind: "cancelled" });
    opener.current?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setInvalid(true);
      return;
    }
    dialog.current?.close("confirm");
  };

  return (
    <article className="sample-body">
      <h1>{tx.modalTitle}</h1>
      <p className="sample-intro">{tx.modalIntro}</p>
      <button ref={opener} type="button" className="button button-primary" onClick={open} aria-haspopup="dialog">
        {tx.modalOpen}
      </button>
      <p className="modal-outcome" role="status" data-testid="modal-outcome">
        {outcome.kind === "none"
          ? tx.modalResultNone
          : outcome.kind === "confirmed"
            ? `${tx.modalResultConfirmed}${outcome.email}`
            : tx.modalResultCancelled}
      </p>
      <dialog
        ref={dialog}
        className="modal"
        aria-labelledby={`${ids}-title`}
        aria-describedby={`${ids}-body`}
        onClose={onClose}
        onClick={(event) => {
          // The dialog itself is only hit on its backdrop: its content fills it.
          if (event.target === event.currentTarget) event.currentTarget.close("cancel");
        }}
      >
        <form className="modal-content" noValidate onSubmit={onSubmit}>
          <div className="modal-head">
            <h2 id={`${ids}-title`}>{tx.modalHeading}</h2>
            <button type="button" className="modal-x" aria-label={tx.modalClose} onClick={() => dialog.current?.close("cancel")}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          <p id={`${ids}-body`}>{tx.modalBody}</p>
          <label htmlFor={`${ids}-email`}>{tx.modalEmail}</label>
          <input
            ref={field}
            id={`${ids}-email`}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setInvalid(false);
            }}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${ids}-error` : undefined}
          />
          {invalid ? (
            <p id={`${ids}-error`} className="modal-error" role="alert">
              {tx.modalEmailInvalid}
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="button" onClick={() => dialog.current?.close("cancel")}>
              {tx.modalCancel}
            </button>
            <button type="submit" className="button button-primary">
              {tx.modalConfirm}
            </button>
          </div>
        </form>
      </dialog>
    </article>
  );
}
