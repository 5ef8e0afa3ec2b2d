// The sensitive pages (password change, withdrawal) stand behind a recent password check:
// without one the member goes to the check first and comes back; while it holds, the page
// says how long is left.
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { checkedUntil, checkHref } from "./api";
import { fill, useMyPageTexts } from "./texts";

/** Until when this tab's password check of the member holds; without one (`needed`), the member is sent to
 * the check page, which brings them back to `here`. */
export function useRecentCheck(here: string, memberId: number, needed: boolean): number | null {
  const [, navigate] = useLocation();
  const [until] = useState(() => checkedUntil(memberId));
  useEffect(() => {
    if (needed && until === null) navigate(checkHref(here), { replace: true });
  }, [needed, until, here, navigate]);
  return until;
}

/** "4:59 left", counting down each second; not announced (it would talk every second). */
export function CheckTimer({ until }: { until: number }) {
  const tx = useMyPageTexts();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return <p className="mypage-timer">{fill(tx.checkValidFor, { time })}</p>;
}
