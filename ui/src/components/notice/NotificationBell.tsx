// The bell in the header: the member's unread notices, asked on each page start, on focus
// and every minute, and the way to the notifications page. Loaded on its own (Layout's
// lazy import) once a member is signed in: a guest's first page does not carry it.
import { useQuery } from "@tanstack/react-query";
import type { CSSProperties } from "react";
import { Link } from "wouter";
import { defineTexts, fill } from "../../lib/i18n";
import { unreadQuery } from "../../lib/notices";

const useTexts = defineTexts({
  ko: { notifications: "알림", unread: "읽지 않은 알림 {count}개" },
  en: { notifications: "Notifications", unread: "{count} unread notifications" },
});

/** The unread count on the bell's shoulder. Its look is here rather than in the app's
 * stylesheet: only a signed-in member's header has a bell, and a guest's first page should
 * not carry it. */
const BADGE: CSSProperties = {
  position: "absolute",
  top: "0.05rem",
  right: "-0.1rem",
  minWidth: "1.15rem",
  height: "1.15rem",
  padding: "0 0.3rem",
  fontSize: "0.7rem",
  fontWeight: 700,
  lineHeight: "1.15rem",
  textAlign: "center",
  color: "#fff",
  background: "#c2410c",
  borderRadius: "999px",
};

/** At most this many is written in the badge; more shows as "99+". */
const MOST_SHOWN = 99;

export default function NotificationBell() {
  const tx = useTexts();
  const unread = useQuery(unreadQuery()).data?.unread ?? 0;
  const label = unread > 0 ? `${tx.notifications} · ${fill(tx.unread, { count: unread })}` : tx.notifications;
  return (
    <Link href="/mypage/notifications" className="header-bell" aria-label={label} title={label} data-session="">
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6l-1.6 2.7A1 1 0 0 0 5.3 17h13.4a1 1 0 0 0 .9-1.7L18 12.6V9a6 6 0 0 0-6-6Zm-2.2 15.5a2.3 2.3 0 0 0 4.4 0Z"
          fill="currentColor"
        />
      </svg>
      {unread > 0 ? (
        <span className="header-bell-count" style={BADGE} aria-hidden="true">
          {unread > MOST_SHOWN ? `${MOST_SHOWN}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
