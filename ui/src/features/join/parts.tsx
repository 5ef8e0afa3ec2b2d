// What the join steps share: where the account stands (GET /membership/v1/account/state),
// the step list at the top of each step, and the page a signed-in member sees on the first
// steps.
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CardPage } from "../../components/page/CardPage";
import { useSession } from "../../lib/session";
import { accountStateQuery } from "./api";
import { fill, useJoinTexts, type JoinTexts } from "./texts";

export type Step = "terms" | "account" | "certify" | "profile" | "complete";

const STEPS: [Step, keyof JoinTexts][] = [
  ["terms", "stepTerms"],
  ["account", "stepAccount"],
  ["certify", "stepCertify"],
  ["profile", "stepProfile"],
  ["complete", "stepComplete"],
];

/** The steps of a join, the current one marked. */
export function JoinSteps({ current }: { current: Step }) {
  const tx = useJoinTexts();
  const at = STEPS.findIndex(([step]) => step === current);
  return (
    <ol className="join-steps" aria-label={tx.stepsLabel}>
      {STEPS.map(([step, label], index) => {
        const state = index < at ? "done" : index === at ? "current" : "later";
        return (
          <li key={step} className={`join-step join-step-${state}`} aria-current={state === "current" ? "step" : undefined}>
            <span className="join-step-mark" aria-hidden="true">
              {state === "done" ? "✓" : index + 1}
            </span>
            <span className="join-step-name">{tx[label]}</span>
            {state === "done" ? <span className="visually-hidden"> ({tx.stepDone})</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

export function Loading() {
  const tx = useJoinTexts();
  return (
    <p className="loading page-loading" role="status">
      {tx.loading}
    </p>
  );
}

/** A signed-in visitor on the first steps: the rest of their own join, or nothing to do. */
export function AlreadyMember() {
  const tx = useJoinTexts();
  const session = useSession();
  const state = useQuery(accountStateQuery());
  if (state.isPending) return <Loading />;
  const unfinished = state.data?.nextStep != null;
  const name = session.member?.nickname ?? session.member?.email ?? "";
  return (
    <CardPage title={tx.alreadyTitle} lead={unfinished ? tx.continueLead : fill(tx.alreadyLead, { name })}>
      <div className="join-actions">
        {unfinished ? (
          <Link href="/member/join/profile" className="button button-primary button-block">
            {tx.continueJoin}
          </Link>
        ) : (
          <>
            <Link href="/" className="button button-primary button-block">
              {tx.home}
            </Link>
            <Link href="/mypage" className="button button-block">
              {tx.myPage}
            </Link>
          </>
        )}
      </div>
    </CardPage>
  );
}

/** The ways to an account that exists already: sign in, or recover its password. */
export function AccountLinks() {
  const tx = useJoinTexts();
  return (
    <p className="join-links">
      <Link href="/member/login">{tx.signIn}</Link>
      <span aria-hidden="true"> · </span>
      <Link href="/password/find/options">{tx.findPassword}</Link>
    </p>
  );
}

/** A time left as "9분 41초" / "9 min 41 s". */
export function duration(tx: JoinTexts, ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m > 0 ? fill(tx.minutesSeconds, { m: String(m), s: String(s) }) : fill(tx.seconds, { s: String(s) });
}
