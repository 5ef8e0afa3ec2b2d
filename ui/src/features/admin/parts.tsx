// Small pieces the operator console's sections share: an action with its result line, the
// age of a waiting item, a date and time.
import { useState } from "react";
import { ApiError, CONFIRM_ITS_YOU } from "../../lib/api";
import { useAdminTexts, fill } from "./texts";

export type Flash = { kind: "ok" | "problem"; text: string } | null;

/** The outcome of the last action, announced (politely for success, at once for a problem). */
export function FlashLine({ flash }: { flash: Flash }) {
  if (!flash) return null;
  return flash.kind === "ok" ? (
    <p className="admin-flash" role="status">
      {flash.text}
    </p>
  ) : (
    <p className="form-problem" role="alert">
      {flash.text}
    </p>
  );
}

/** An operator's action (its write asks every operator answer again): its outcome in the
 * result line (the success text `call` answers, or the failure's reason), `onDone` after a
 * success. */
export function useAdminAction(onDone: () => void) {
  const tx = useAdminTexts();
  const [flash, setFlash] = useState<Flash>(null);
  const act = async (call: () => Promise<string>) => {
    try {
      const done = await call();
      onDone();
      setFlash({ kind: "ok", text: done });
    } catch (error) {
      setFlash({ kind: "problem", text: failureText(tx, error) });
    }
  };
  return { flash, act };
}

/** How long an item has waited, in the largest whole unit. */
export function Age({ since, now }: { since: string; now: number }) {
  const tx = useAdminTexts();
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const text = minutes < 60 ? fill(tx.ageMinutes, { n: minutes }) : minutes < 60 * 24 ? fill(tx.ageHours, { n: Math.floor(minutes / 60) }) : fill(tx.ageDays, { n: Math.floor(minutes / 1440) });
  return <time dateTime={since}>{text}</time>;
}

/** A moment in the reader's own time zone. */
export function When({ at }: { at: string }) {
  return <time dateTime={at}>{new Date(at).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })}</time>;
}

/** The result line of a failed call: "not confirmed" when the operator closed the "confirm
 * it's you" question, else the call's reason. */
export function failureText(tx: ReturnType<typeof useAdminTexts>, error: unknown): string {
  if (error instanceof ApiError && error.code === CONFIRM_ITS_YOU) return tx.notConfirmed;
  return fill(tx.failed, { reason: reasonOf(error) });
}

/** The message of a failed call. */
export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
