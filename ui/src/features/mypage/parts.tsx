// What the my page forms share: the row of buttons under a form (send, or back to my page) and
// the answer for a member who has no password on this site.
import type { ReactNode, Ref } from "react";
import { Link } from "wouter";
import { useMyPageTexts } from "./texts";

/** The form's own button (its label while sending), and the way back to my page. */
export function FormButtons({
  label,
  busyLabel,
  busy = false,
  danger = false,
  buttonRef,
  onCancel,
}: {
  label: string;
  busyLabel?: string;
  busy?: boolean;
  danger?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
  /** What leaving the form does besides (dropping its draft). */
  onCancel?: () => void;
}) {
  const tx = useMyPageTexts();
  return (
    <div className="form-actions">
      <button type="submit" className={`button ${danger ? "mypage-danger" : "button-primary"}`} disabled={busy} ref={buttonRef}>
        {busy && busyLabel ? busyLabel : label}
      </button>
      <BackLink onClick={onCancel}>{tx.cancel}</BackLink>
    </div>
  );
}

/** Back to my page, as a button-looking link. */
export function BackLink({ children, block = false, onClick }: { children: ReactNode; block?: boolean; onClick?: () => void }) {
  return (
    <Link href="/mypage" className={`button${block ? " button-block" : ""}`} onClick={onClick}>
      {children}
    </Link>
  );
}

/** A page about the password, for a member who signs in with a social account (no password). */
export function NoPassword({ message }: { message: string }) {
  const tx = useMyPageTexts();
  return (
    <div className="form-stack">
      <p className="form-notice">{message}</p>
      <BackLink block>{tx.backToMyPage}</BackLink>
    </div>
  );
}
