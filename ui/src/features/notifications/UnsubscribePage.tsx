// /mail/unsubscribe?t=…: the page a mail's "stop these mails" link opens. Opening it changes
// nothing (mail scanners open links); the button stops the mails, no sign-in needed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useSearch } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { fill } from "../../lib/i18n";
import { LoadFailed, Loading } from "../../lib/status";
import { unsubscribe, unsubscribeQuery, type Unsubscribe } from "./api";
import { useTexts } from "./texts";
import "./notifications.css";

export default function UnsubscribePage() {
  const tx = useTexts();
  const token = new URLSearchParams(useSearch()).get("t") ?? "";
  const query = useQuery({ ...unsubscribeQuery(token), enabled: token !== "" });
  const client = useQueryClient();
  const stop = useMutation({
    mutationFn: () => unsubscribe(token),
    onSuccess: (answer) => client.setQueryData(unsubscribeQuery(token).queryKey, answer),
  });
  const what = (answer: Unsubscribe) =>
    answer.scope === "BUSINESS"
      ? fill(tx.stopBusiness, { business: answer.businessName ?? tx.someBusiness })
      : answer.scope === "DAILY"
        ? tx.stopDaily
        : tx.stopWeekly;
  return (
    <CardPage title={tx.unsubscribeTitle}>
      {token === "" || query.isError ? (
        <p className="form-notice" role="alert">
          {tx.badLink}
        </p>
      ) : query.isPending ? (
        <Loading />
      ) : query.data.stopped ? (
        <div className="form-stack">
          <p role="status">{fill(tx.stopped, { what: what(query.data) })}</p>
          <Link href="/mypage/notifications/settings" className="button button-block">
            {tx.toSettings}
          </Link>
        </div>
      ) : (
        <div className="form-stack">
          <p>{fill(tx.confirmStop, { what: what(query.data) })}</p>
          <button type="button" className="button button-primary button-block" disabled={stop.isPending} onClick={() => stop.mutate()}>
            {tx.stopButton}
          </button>
          {stop.isError ? <LoadFailed /> : null}
        </div>
      )}
    </CardPage>
  );
}
