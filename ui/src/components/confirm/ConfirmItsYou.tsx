// "Confirm it's you": the password once more before a call that cannot be undone. A call the
// server refuses with 403 / 2013 (lib/api.ts) asks this dialog; when the member confirms, the
// password check opens such calls on this session for five minutes and the call is sent again.
// Cancelling leaves everything as it was, and the call fails with its own message.
import { lazy, Suspense, useEffect, useState } from "react";
import { setConfirmer } from "../../lib/api";

/** The dialog itself, a chunk of its own: it opens rarely, and never on a reader's first page. */
const ConfirmDialog = lazy(() => import("./ConfirmDialog"));

/** Mounted once by the app: answers the question whenever a call asks it. */
export function ConfirmItsYou() {
  const [asking, setAsking] = useState<((confirmed: boolean) => void) | null>(null);
  useEffect(() => {
    // Calls refused at once share one question.
    let open: Promise<boolean> | null = null;
    setConfirmer(() => {
      open ??= new Promise<boolean>((resolve) => {
        setAsking(() => (confirmed: boolean) => {
          open = null;
          setAsking(null);
          resolve(confirmed);
        });
      });
      return open;
    });
    return () => setConfirmer(null);
  }, []);
  return asking ? (
    <Suspense fallback={null}>
      <ConfirmDialog onDone={asking} />
    </Suspense>
  ) : null;
}
