// /mypage/notifications/settings: notifications in this browser (web push), and how the posts
// of each followed business come by e-mail. The site and the bell always carry them; push is
// the member's choice per browser, mail per business.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { fill } from "../../lib/i18n";
import { noticeKeys } from "../../lib/notices";
import { chooseMail, MAIL_CHOICES, mailSettingsQuery, type MailChoice, type MailSetting } from "./api";
import { ListState } from "./parts";
import { PushPanel } from "./PushPanel";
import { useTexts } from "./texts";
import "./notifications.css";

export default function SettingsPage() {
  const tx = useTexts();
  const query = useInfiniteQuery(mailSettingsQuery());
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const canMail = query.data?.pages[0]?.canMail ?? true;
  return (
    <CardPage title={tx.settingsTitle} lead={tx.settingsLead} wide>
      <p className="notices-back">
        <Link href="/mypage/notifications">{tx.backToNotices}</Link>
      </p>
      <PushPanel />
      <h2 className="push-panel-title">{tx.mailTitle}</h2>
      <p className="push-panel-lead">{tx.mailLead}</p>
      <ListState pending={query.isPending} failed={query.isError} empty={items.length === 0} emptyTitle={tx.noFollows}>
        {canMail ? null : <p className="form-notice">{tx.cannotMail}</p>}
        <ul className="mail-settings">
          {items.map((item) => (
            <SettingRow key={item.businessId} item={item} />
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

function SettingRow({ item }: { item: MailSetting }) {
  const tx = useTexts();
  const client = useQueryClient();
  const choose = useMutation({
    mutationFn: (mail: MailChoice) => chooseMail(item.businessId, mail),
    onSuccess: () => client.invalidateQueries({ queryKey: noticeKeys.mail }),
  });
  const id = `mail-choice-${item.businessId}`;
  const labels: Record<MailChoice, string> = { OFF: tx.mailOff, EACH: tx.mailEach, DAILY: tx.mailDaily, WEEKLY: tx.mailWeekly };
  // What the member chose last wins over the list until the list is asked again.
  const shown = choose.isPending ? choose.variables : (choose.data?.mail ?? item.mail);
  return (
    <li className="mail-setting">
      <label htmlFor={id} className="mail-setting-name">
        {item.businessName}
      </label>
      <select id={id} value={shown} disabled={choose.isPending} onChange={(event) => choose.mutate(event.target.value as MailChoice)}>
        {MAIL_CHOICES.map((choice) => (
          <option key={choice} value={choice}>
            {labels[choice]}
          </option>
        ))}
      </select>
      {choose.isSuccess ? (
        <span className="mail-setting-saved" role="status">
          {fill(tx.saved, { choice: labels[shown] })}
        </span>
      ) : null}
      {choose.isError ? (
        <span className="form-error" role="alert">
          {tx.saveFailed}
        </span>
      ) : null}
    </li>
  );
}
