// The "confirm it's you" dialog (ConfirmItsYou.tsx opens it): the account's password once
// more, or one of the member's passkeys, checked by the server; closed without either,
// nothing is confirmed. A member without a password (joined through a social account) uses a
// passkey here, or goes to my page's check page to certify, coming back to this page.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link } from "wouter";
import { api } from "../../lib/api";
import { checkHref, hasPassword } from "../../lib/check";
import { confirmWithPasskey, passkeyCancelled, passkeysSupported } from "../../lib/passkey";
import { useSession } from "../../lib/session";
import { PasswordField, useFailureMessage } from "../form";
import { useConfirmTexts } from "./texts";
import "./confirm.css";

export default function ConfirmDialog({ onDone }: { onDone: (confirmed: boolean) => void }) {
  const tx = useConfirmTexts();
  const failure = useFailureMessage();
  const session = useSession();
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const confirmed = useRef(false);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const withPassword = session.member ? hasPassword(session.member) : true;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    element?.querySelector<HTMLElement>("input[type=password], .confirm-content button")?.focus();
    return () => element?.close();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !password) return;
    setBusy(true);
    setProblem(null);
    try {
      await api("/mypage/v1/password/check", { method: "POST", body: { password } });
      confirmed.current = true;
      dialog.current?.close();
    } catch (error) {
      setProblem(failure(error, (known) => (known.status === 401 ? tx.wrong : undefined)));
      setBusy(false);
    }
  };

  const withPasskey = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await confirmWithPasskey();
      confirmed.current = true;
      dialog.current?.close();
    } catch (error) {
      if (!passkeyCancelled(error)) setProblem(failure(error, (known) => (known.status === 401 ? tx.passkeyRefused : undefined)));
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="confirm-dialog" aria-labelledby={`${ids}-title`} aria-describedby={`${ids}-lead`} onClose={() => onDone(confirmed.current)}>
      <form className="confirm-content" noValidate onSubmit={(event) => void submit(event)}>
        <h2 id={`${ids}-title`}>{tx.title}</h2>
        <p id={`${ids}-lead`}>{withPassword ? tx.lead : tx.socialLead}</p>
        {withPassword ? (
          <>
            {/* The account's name beside the password, for password managers. */}
            <input type="text" name="username" autoComplete="username" value={session.member?.email ?? ""} readOnly hidden />
            <PasswordField id={`${ids}-password`} label={tx.password} value={password} onChange={setPassword} autoComplete="current-password" showRule={false} problem={problem} />
          </>
        ) : (
          <>
            {problem ? (
              <p className="form-alert" role="alert">
                {problem}
              </p>
            ) : null}
            <Link href={checkHref(window.location.pathname + window.location.search)} className="button button-block" onClick={() => dialog.current?.close()}>
              {tx.byCertification}
            </Link>
          </>
        )}
        {passkeysSupported() ? (
          <button type="button" className={withPassword ? "link-button" : "button button-primary button-block"} disabled={busy} onClick={() => void withPasskey()}>
            {withPassword ? tx.passkey : tx.byPasskey}
          </button>
        ) : null}
        <div className="confirm-actions">
          <button type="button" className="button" onClick={() => dialog.current?.close()}>
            {tx.cancel}
          </button>
          {withPassword ? (
            <button type="submit" className="button button-primary" aria-disabled={busy || !password || undefined}>
              {busy ? tx.checking : tx.confirm}
            </button>
          ) : null}
        </div>
      </form>
    </dialog>
  );
}
