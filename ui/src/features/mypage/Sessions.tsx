// My page's signed-in sessions (on /mypage/security): each browser or app signed in to the
// account, with what it said it was and when it was last seen, this one marked; the member
// ends any other, or every one but this. An ended session is signed out at its next call.
// `?session=ID` (the new-device mail's link) marks that one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearch } from "wouter";
import { FormAlert, useFailureMessage } from "../../components/form";
import { api, type Answer } from "../../lib/api";
import { formatDate } from "../../lib/core";
import { OWN_FAILURE } from "../../lib/queries";
import { mypageKeys } from "./api";
import { fill, useMyPageTexts } from "./texts";

type Session = Answer<"/mypage/v1/sessions">[number];

const DEVICE_TYPES = ["PC", "MOBILE", "TABLET", "APP"] as const;

export function Sessions() {
  const tx = useMyPageTexts();
  const client = useQueryClient();
  const failure = useFailureMessage();
  const marked = Number(new URLSearchParams(useSearch()).get("session")) || null;
  const list = useQuery({ queryKey: mypageKeys.sessions, queryFn: ({ signal }) => api<Session[]>("/mypage/v1/sessions", { signal }), refetchOnMount: "always" });
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const settle = () => client.invalidateQueries({ queryKey: mypageKeys.sessions });
  const end = useMutation({ mutationFn: (id: number) => api<unknown>(`/mypage/v1/sessions/${id}`, { method: "DELETE" }), onSettled: settle, meta: OWN_FAILURE });
  const endOthers = useMutation({
    mutationFn: () => api<Answer<"/mypage/v1/sessions/end-others", "post">>("/mypage/v1/sessions/end-others", { method: "POST" }),
    onSettled: settle,
    meta: OWN_FAILURE,
  });

  const describe = (session: Session) => {
    const kind = DEVICE_TYPES.find((type) => type === session.deviceType);
    const parts = [session.browser, session.deviceOs, kind ? tx[`device${kind}`] : null].filter(Boolean);
    return parts.length > 0 ? parts.join(" · ") : tx.sessionUnknown;
  };
  const run = async (call: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await call();
      setOutcome({ ok: true, text: done });
    } catch (error) {
      setOutcome({ ok: false, text: failure(error) });
    }
  };

  const sessions = list.data ?? [];
  const others = sessions.filter((session) => !session.current).length;
  return (
    <section className="mypage-sessions" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{tx.sessionsTitle}</h2>
      <p className="form-hint">{tx.sessionsLead}</p>
      {list.isPending ? <p role="status">{tx.loading}</p> : null}
      {list.isError ? <FormAlert problem={failure(list.error)} /> : null}
      <ul className="mypage-session-list">
        {sessions.map((session) => (
          <li key={session.id} className={session.id === marked ? "mypage-session mypage-session-marked" : "mypage-session"}>
            <p className="mypage-session-device">
              <strong>{describe(session)}</strong>
              {session.current ? <span className="mypage-session-this">{tx.sessionThis}</span> : null}
            </p>
            <p className="mypage-session-times">
              {fill(tx.sessionSeen, { date: formatDate(session.lastSeenAt, "yyyy.MM.dd HH:mm") })}
              <br />
              {fill(tx.sessionStarted, { date: formatDate(session.startedAt, "yyyy.MM.dd HH:mm") })}
            </p>
            {session.current ? null : (
              <button
                type="button"
                className="button button-small"
                aria-label={`${tx.sessionEnd}: ${describe(session)}`}
                disabled={end.isPending}
                onClick={() => void run(() => end.mutateAsync(session.id), tx.sessionEnded)}
              >
                {tx.sessionEnd}
              </button>
            )}
          </li>
        ))}
      </ul>
      {others > 1 ? (
        <button type="button" className="button mypage-danger" disabled={endOthers.isPending} onClick={() => void run(() => endOthers.mutateAsync(), tx.sessionsOthersEnded)}>
          {tx.sessionsEndOthers}
        </button>
      ) : null}
      {outcome?.ok ? <p role="status">{outcome.text}</p> : <FormAlert problem={outcome?.text ?? null} />}
    </section>
  );
}
