import { lazy, Suspense, useRef, useState } from "react";
import { useLoginRedirect } from "../../../lib/login";
import { useSession } from "../../../lib/session";
import { useDetailTexts } from "./texts";

// The form comes with the first click: the post page's first load carries only the button.
const FlagDialog = lazy(() => import("./flag/FlagDialog"));

/** "Report a problem" with the post: a member gets the form, a guest the login page. */
export function FlagButton({ postSeq }: { postSeq: number }) {
  const tx = useDetailTexts();
  const session = useSession();
  const toLogin = useLoginRedirect();
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const onClick = () => {
    if (!session.ready) return;
    if (session.signedIn) setOpen(true);
    else toLogin();
  };
  return (
    <div className="post-flag">
      <button
        ref={opener}
        type="button"
        className="post-flag-button"
        aria-haspopup="dialog"
        // Until the session is known a click cannot tell a guest from a reader: the button says
        // so, as the bookmark and follow buttons do, instead of dropping the click unseen.
        aria-disabled={session.ready ? undefined : true}
        onClick={onClick}
      >
        {tx.flag}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FlagDialog
            postSeq={postSeq}
            onClose={() => {
              setOpen(false);
              opener.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
