// /mypage/notifications: the member's notices of the last 90 days, newest first. Opening one
// marks it read; "mark all as read" clears the bell.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { MouseEvent } from "react";
import { Link, useLocation } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { formatDate, offsetMinutes } from "../../lib/core";
import { fill } from "../../lib/i18n";
import { markAllRead, noticeKeys, noticesQuery, openNotice, type Notice } from "../../lib/notices";
import { ListState } from "./parts";
import { useTexts } from "./texts";
import "./notifications.css";

export default function NoticesPage() {
  const tx = useTexts();
  const query = useInfiniteQuery(noticesQuery());
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: noticeKeys.all });
  const all = useMutation({ mutationFn: markAllRead, onSuccess: refresh });
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = query.data?.pages[0]?.unread ?? 0;
  return (
    <CardPage title={tx.title} lead={tx.lead} wide>
      <div className="notices-actions">
        <Link href="/mypage/notifications/settings" className="button button-small">
          {tx.settings}
        </Link>
        {items.length > 0 ? (
          <button type="button" className="button button-small" disabled={unread === 0 || all.isPending} onClick={() => all.mutate()}>
            {tx.markAll}
          </button>
        ) : null}
      </div>
      <ListState pending={query.isPending} failed={query.isError} empty={items.length === 0} emptyTitle={tx.empty}>
        <ul className="notices">
          {items.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} onOpened={refresh} />
          ))}
        </ul>
        {query.hasNextPage ? (
          <button type="button" className="button button-block" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {tx.more}
          </button>
        ) : null}
      </ListState>
    </CardPage>
  );
}

function NoticeRow({ notice, onOpened }: { notice: Notice; onOpened: () => void }) {
  const tx = useTexts();
  const [, navigate] = useLocation();
  const headline = headlineOf(notice, tx);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // A read notice has nothing to tell, but a post's: its business counts who opened it.
    if (notice.read && notice.kind !== "new_post") return;
    // Ctrl or ⌘ opens a new tab and leaves this page where it is.
    const leaving = !(event.metaKey || event.ctrlKey);
    if (leaving) event.preventDefault();
    // Opened (read, and counted) before leaving; the page opens either way.
    const opened = openNotice(notice.id).then(onOpened, () => undefined);
    if (leaving) void opened.finally(() => navigate(notice.link));
  };
  return (
    <li className={`notice${notice.read ? "" : " notice-unread"}`}>
      <Link href={notice.link} className="notice-link" onClick={open}>
        {notice.read ? null : <span className="visually-hidden">{tx.unread}: </span>}
        <span className="notice-headline">{headline}</span>
        {notice.postTitle ? <span className="notice-title">{notice.postTitle}</span> : null}
        <time className="notice-time" dateTime={notice.createdAt}>
          {formatDate(notice.createdAt, "yyyy-MM-dd HH:mm", offsetMinutes())}
        </time>
      </Link>
    </li>
  );
}

function headlineOf(notice: Notice, tx: ReturnType<typeof useTexts>): string {
  const business = notice.businessName ?? tx.someBusiness;
  const approved = notice.detail === "APPROVED";
  switch (notice.kind) {
    case "new_post":
      return fill(tx.newPost, { business });
    case "report_reply":
      return notice.detail === "ACTIONED" ? tx.reportActioned : tx.reportDismissed;
    case "invitation":
      return fill(tx.invitation, { business });
    case "verification":
      return fill(approved ? tx.verificationApproved : tx.verificationRejected, { business });
    case "media_request":
      return fill(approved ? tx.mediaApproved : tx.mediaRejected, { business });
  }
}
